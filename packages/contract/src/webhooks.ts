import { z } from 'zod';
import { CHANGE_TYPES } from './change-feed.ts';
import { Cursor, DateTimeInput, OptionalText } from './fields.ts';
import { OutboundUrl } from './outbound-url.ts';

/**
 * Outgoing webhooks (Standard Webhooks): endpoints a company registers, the
 * change-feed types each one receives, and the delivery log
 * (docs/decisions/014-webhooks.md).
 */
export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 500,
  /** Endpoints one company may have. */
  endpointsMax: 50,
  /** A message body larger than this carries only the record's id. */
  bodyMaxBytes: 20_000,
  /** Characters of a receiver's answer kept in the log. */
  responseExcerptBytes: 2048,
  deliveriesPageDefault: 50,
  deliveriesPageMax: 200,
  /** Messages one "replay all failed" call replays at most. */
  replayFailedMax: 1000,
} as const;

/** The type of the "Send test event" message (not a change-feed type). */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

export const WebhookEventType = z.enum(CHANGE_TYPES);

/**
 * An http(s) URL without control characters, user info or fragment (a query
 * is the receiver's to use); where it may point is checked at every delivery.
 */
export const WebhookUrl = OutboundUrl(WEBHOOK_LIMITS.urlMax, { query: true });

const EventTypes = z
  .array(WebhookEventType)
  .min(1, { error: 'required' })
  .max(CHANGE_TYPES.length)
  .transform((types) => [...new Set(types)]);

export const WebhookCreateBody = z.object({
  url: WebhookUrl,
  event_types: EventTypes,
  description: OptionalText(WEBHOOK_LIMITS.descriptionMax).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookCreateBody = z.output<typeof WebhookCreateBody>;
export type WebhookCreateInput = z.input<typeof WebhookCreateBody>;

export const WebhookUpdateBody = z.object({
  url: WebhookUrl.optional(),
  event_types: EventTypes.optional(),
  description: OptionalText(WEBHOOK_LIMITS.descriptionMax).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateBody = z.output<typeof WebhookUpdateBody>;

/** Why the server turned an endpoint off: 410 Gone from the receiver, or 5 days of failures. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing'] as const;

export const Webhook = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(WebhookEventType),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Start of the current run of failed attempts; null while the last attempt succeeded. */
  failing_since: z.string().nullable(),
  /** Until when the previous secret still signs (after a rotation). */
  previous_secret_expires_at: z.string().nullable(),
  /** Share of successful attempts over the last 24 hours (0–1); null without attempts. */
  success_rate_24h: z.number().nullable(),
  attempts_24h: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookList = z.object({ items: z.array(Webhook) });

/** Create and rotate answer the secret, this once: `whsec_` + base64. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const WEBHOOK_TRIGGERS = ['change', 'test', 'replay'] as const;

/** One attempt to deliver one message, as the log lists it. */
export const WebhookDelivery = z.object({
  id: z.number(),
  /** The `webhook-id` header: the same on every attempt and replay of one message. */
  message_id: z.string(),
  event_type: z.string(),
  attempt: z.number(),
  trigger: z.enum(WEBHOOK_TRIGGERS),
  attempted_at: z.string(),
  succeeded: z.boolean(),
  status_code: z.number().nullable(),
  latency_ms: z.number().nullable(),
  /** The first 2 KB of the receiver's answer. */
  response_excerpt: z.string().nullable(),
  /** Why no answer came (refused address, timeout, connection error). */
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryPage = z.object({
  items: z.array(WebhookDelivery),
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const WebhookDeliveriesQuery = z.object({
  cursor: Cursor(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(WEBHOOK_LIMITS.deliveriesPageMax)
    .default(WEBHOOK_LIMITS.deliveriesPageDefault),
});

export const WebhookReplayFailedBody = z.object({ since: DateTimeInput });

/** What a test, replay or "replay all failed" queued. */
export const WebhookQueued = z.object({ queued: z.number() });
