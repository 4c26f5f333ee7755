import type { MergeField } from '@kontora/contract/email-sending';

/** What a message's merge fields are filled from; a missing record leaves its fields empty. */
export interface MergeSource {
  customer: {
    name: string;
    first_name: string | null;
    last_name: string | null;
    organisation_name: string | null;
    email: string | null;
  } | null;
  deal: { title: string } | null;
  sender: { name: string; email: string; signature: string | null };
}

export function mergeValues(source: MergeSource): Record<MergeField, string> {
  const { customer, deal, sender } = source;
  return {
    'customer.name': customer?.name ?? '',
    'customer.first_name': customer?.first_name ?? '',
    'customer.last_name': customer?.last_name ?? '',
    'customer.organisation_name': customer?.organisation_name ?? '',
    'customer.company_name': customer?.organisation_name ?? '',
    'customer.email': customer?.email ?? '',
    'deal.title': deal?.title ?? '',
    'sender.name': sender.name,
    'sender.email': sender.email,
    'sender.signature': sender.signature ?? '',
  };
}

const TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** Fills the fields of a subject or a text body as they are. */
export function mergeText(template: string, values: Record<MergeField, string>): string {
  return template.replace(TAG, (tag, name: string) => values[name as MergeField] ?? tag);
}

/**
 * Fills the fields of an HTML body: each value is escaped, so a customer named
 * `<script>` is text in the message; the signature's line breaks become `<br>`.
 */
export function mergeHtml(template: string, values: Record<MergeField, string>): string {
  return template.replace(TAG, (tag, name: string) => {
    const value = values[name as MergeField];
    return value === undefined ? tag : escapeHtml(value).replace(/\r?\n/g, '<br>\n');
  });
}
