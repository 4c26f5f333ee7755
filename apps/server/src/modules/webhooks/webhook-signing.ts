import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` + base64 of 32 random bytes (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`, the key being the secret's decoded bytes. */
export function signature(secret: string, msgId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers; during a rotation both secrets sign (space-separated). */
export function signedHeaders(
  secrets: string[],
  msgId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, msgId, timestamp, body)).join(' '),
  };
}

/** A message id: stable for a message across attempts and replays, so receivers can drop duplicates. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}
