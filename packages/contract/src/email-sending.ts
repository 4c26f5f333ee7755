import { z } from 'zod';
import { Email, MultiLine, SingleLine } from './fields.ts';

/**
 * Sending from a person's own mailbox, and the company's templates
 * (docs/decisions/065-email-sending.md).
 */
export const EMAIL_SEND_LIMITS = {
  /** Addresses in `to` or `cc`, and customers in one list send. */
  recipientsMax: 50,
  subjectMax: 500,
  bodyMax: 200_000,
  templateNameMax: 200,
  templatesMax: 200,
  /** Without `send_at` a message waits this long, so it can still be taken back. */
  undoSeconds: 10,
  scheduleMaxDays: 365,
} as const;

/** The fields a subject or body may merge; `customer.company_name` is the organisation's name. */
export const MERGE_FIELDS = [
  'customer.name',
  'customer.first_name',
  'customer.last_name',
  'customer.organisation_name',
  'customer.company_name',
  'customer.email',
  'deal.title',
  'sender.name',
  'sender.email',
  'sender.signature',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const MERGE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** The `{{…}}` names in a text that are not merge fields. */
export function unknownMergeFields(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...text.matchAll(MERGE_TAG)]
    .map((m) => m[1] ?? '')
    .filter((name) => !(MERGE_FIELDS as readonly string[]).includes(name));
}
const mergeable = (max: number, multiline: boolean) =>
  (multiline ? MultiLine(max) : SingleLine(max)).refine((v) => unknownMergeFields(v).length === 0, {
    error: 'unknown_merge_field',
  });

export const OUTGOING_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type OutgoingStatus = (typeof OUTGOING_STATUSES)[number];

const RecordId = z
  .number({ error: 'invalid_id' })
  .int({ error: 'invalid_id' })
  .positive({ error: 'invalid_id' });
const Recipients = z
  .array(Email, { error: 'invalid_recipients' })
  .max(EMAIL_SEND_LIMITS.recipientsMax, { error: 'too_many' });

export const EmailSendBody = z
  .object({
    mailbox_id: RecordId,
    /** Absent when `customer_ids` is given: then each customer gets a message of their own. */
    to: Recipients.min(1, { error: 'required' }).optional(),
    cc: Recipients.default([]),
    /** From the template when absent. */
    subject: mergeable(EMAIL_SEND_LIMITS.subjectMax, false).optional(),
    html: mergeable(EMAIL_SEND_LIMITS.bodyMax, true).optional(),
    text: mergeable(EMAIL_SEND_LIMITS.bodyMax, true).optional(),
    /** A kept message the caller may read: the new one answers it and joins its thread. */
    in_reply_to: RecordId.optional(),
    template_id: RecordId.optional(),
    customer_ids: z
      .array(RecordId, { error: 'invalid_id' })
      .min(1, { error: 'required' })
      .max(EMAIL_SEND_LIMITS.recipientsMax, { error: 'too_many' })
      .optional(),
    deal_id: RecordId.optional(),
    /** When to send; absent: in `undoSeconds`. A time already past sends at once. */
    send_at: z.iso.datetime({ offset: true, error: 'invalid_datetime' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.to && !body.customer_ids) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
    if (body.to && body.customer_ids)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to_or_customers' });
    if (body.template_id === undefined) {
      if (!body.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'required' });
      if (!body.html && !body.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'required' });
    }
  });
export type EmailSendBody = z.output<typeof EmailSendBody>;

/** A message on its way: queued (until `send_at`), being sent, sent, failed or cancelled. */
export const OutgoingEmail = z.object({
  id: z.number(),
  mailbox_id: z.number(),
  status: z.enum(OUTGOING_STATUSES),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  send_at: z.string(),
  sent_at: z.string().nullable(),
  /** The kept message (`GET …/emails/{email_id}`) once sent. */
  email_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  deal_id: z.number().nullable(),
  last_error: z.string().nullable(),
});
export type OutgoingEmail = z.infer<typeof OutgoingEmail>;
export const OutgoingEmailList = z.object({ items: z.array(OutgoingEmail) });

const TemplateFields = {
  name: SingleLine(EMAIL_SEND_LIMITS.templateNameMax).min(1, { error: 'required' }),
  subject: mergeable(EMAIL_SEND_LIMITS.subjectMax, false).pipe(z.string().min(1, { error: 'required' })),
  html: mergeable(EMAIL_SEND_LIMITS.bodyMax, true)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  text: mergeable(EMAIL_SEND_LIMITS.bodyMax, true)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
};

export const EmailTemplateBody = z
  .object({
    name: TemplateFields.name,
    subject: TemplateFields.subject,
    html: TemplateFields.html.default(null),
    text: TemplateFields.text.default(null),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.html && !body.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'required' });
  });
export type EmailTemplateBody = z.output<typeof EmailTemplateBody>;

export const EmailTemplatePatchBody = z
  .object({
    name: TemplateFields.name.optional(),
    subject: TemplateFields.subject.optional(),
    html: TemplateFields.html.optional(),
    text: TemplateFields.text.optional(),
  })
  .strict();
export type EmailTemplatePatchBody = z.output<typeof EmailTemplatePatchBody>;

export const EmailTemplate = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;
export const EmailTemplateList = z.object({ items: z.array(EmailTemplate) });
