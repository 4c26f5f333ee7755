import type { Database } from '../../db/database.ts';
import { DELIVERY_TIMEOUT_MS } from './webhook-sender.ts';
import type { EndpointRow } from './webhooks.repository.ts';

/**
 * A circuit breaker per endpoint (docs/decisions/047-fair-background-work.md):
 * after CIRCUIT_THRESHOLD failed attempts in a row the endpoint's deliveries
 * wait out a cool-down instead of being tried; then one delivery, the probe,
 * is tried, and its outcome closes the circuit or opens it for twice as long.
 * The state is in the endpoint's row, so every instance keeps to it.
 */
export const CIRCUIT_THRESHOLD = 5;
/** The first cool-down; each failed probe doubles it, up to CIRCUIT_MAX_COOLDOWN_MS. */
export const CIRCUIT_COOLDOWN_MS = 60_000;
const CIRCUIT_MAX_COOLDOWN_MS = 30 * 60_000;
/**
 * The probe holds the circuit (its open-until moves on) this long, more than an
 * attempt can last: deliveries that find it running look again when the hold
 * ends, by when the probe has closed the circuit or opened it for longer.
 */
const PROBE_HOLD_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** An answer that says nothing about the receiver's health is not a failure here: it did answer. */
export const isOutage = (status: number | null) => status === null || status >= 500;

export function cooldownMs(failuresInRow: number, scale: number): number {
  const doublings = Math.max(0, failuresInRow - CIRCUIT_THRESHOLD);
  return Math.min(CIRCUIT_COOLDOWN_MS * 2 ** doublings, CIRCUIT_MAX_COOLDOWN_MS) * scale;
}

const where = (endpoint: EndpointRow) => (db: Database) =>
  db
    .updateTable('webhook_endpoints')
    .where('company_id', '=', endpoint.company_id)
    .where('id', '=', endpoint.id);

/**
 * Before an attempt: null when it may go (the circuit is closed, or this
 * attempt became the probe), else when to look again.
 */
export async function circuitWait(db: Database, endpoint: EndpointRow, now: number): Promise<string | null> {
  if (endpoint.failures_in_row < CIRCUIT_THRESHOLD) return null;
  const openUntil = endpoint.circuit_open_until;
  if (openUntil !== null && Date.parse(openUntil) > now) return openUntil;
  // Half open: whoever moves the time on first is the probe.
  const holdUntil = new Date(now + PROBE_HOLD_MS).toISOString();
  const taken = await where(endpoint)(db)
    .set({ circuit_open_until: holdUntil })
    .where('circuit_open_until', openUntil === null ? 'is' : '=', openUntil)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? null : holdUntil;
}

/** After an attempt, in its log transaction: an answer closes the circuit, an outage counts towards opening it. */
export async function noteCircuit(
  trx: Database,
  endpoint: EndpointRow,
  status: number | null,
  at: number,
  scale: number,
): Promise<void> {
  if (!isOutage(status)) {
    if (endpoint.failures_in_row > 0 || endpoint.circuit_open_until !== null) {
      await where(endpoint)(trx).set({ failures_in_row: 0, circuit_open_until: null }).execute();
    }
    return;
  }
  const counted = await where(endpoint)(trx)
    .set((eb) => ({ failures_in_row: eb('failures_in_row', '+', 1) }))
    .returning('failures_in_row')
    .executeTakeFirst();
  if (!counted || counted.failures_in_row < CIRCUIT_THRESHOLD) return;
  const until = new Date(at + cooldownMs(counted.failures_in_row, scale)).toISOString();
  await where(endpoint)(trx).set({ circuit_open_until: until }).execute();
}
