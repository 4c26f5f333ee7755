/**
 * Where the app reads "now" for what it decides by the time (expiry, "overdue", when a row
 * was written): one place, on the app context, so a test or bench can give an app its own
 * time without touching another app of the process (docs/decisions/048-state-on-the-app.md).
 * Timers and log timestamps keep the real clock.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The same instant as an ISO 8601 string, as rows store it. */
  nowIso(): string;
}

/**
 * A clock whose "now" comes from `now` (the real time by default). `nowIso` follows `now`
 * even when a test replaces it on the app (`ctx.clock.now = () => t0`).
 */
export function createClock(now: () => number = Date.now): Clock {
  const clock: Clock = { now, nowIso: () => new Date(clock.now()).toISOString() };
  return clock;
}
