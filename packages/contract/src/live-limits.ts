/**
 * The live protocol's limits and close codes (./live.ts), without zod: the web app's
 * live socket runs on every signed-in first load, and zod is not needed there
 * (docs/decisions/021-lean-css-and-first-paint.md).
 */
export const LIVE_LIMITS = {
  authTimeoutMs: 2_000,
  heartbeatMs: 25_000,
  idleMs: 60_000,
  /** A resume replays at most this many missed events… */
  replayMaxEvents: 1_000,
  /** …none older than this; otherwise the client gets `resync`. */
  replayMaxAgeMs: 10 * 60_000,
  reconnectMaxMs: 30_000,
  /** Longest client message the server reads. */
  messageMaxBytes: 4_096,
  /**
   * Messages a client may send: a burst of this many, then this many a second. The client
   * sends an auth, a subscribe per company switch and a ping or pong per heartbeat.
   */
  messageBurst: 20,
  messagesPerSecond: 5,
} as const;

/**
 * Close codes the client acts on. 4401 and 4403 mean "do not reconnect with
 * this token/company"; every other close (1001 shutdown, 4408 silence,
 * network loss) means "reconnect with back-off and resume".
 */
export const LIVE_CLOSE = {
  /** A message the protocol does not know, or not valid JSON. */
  badMessage: 4400,
  /** No token within 2 s, a wrong/expired/revoked session, an API key, a token in the address, signed out or disabled. */
  unauthenticated: 4401,
  /** Not (or no longer) a member of the company, company deactivated, or two-factor required. */
  forbidden: 4403,
  /** Nothing heard from the client for 60 s. */
  silent: 4408,
  /** More messages than `messageBurst` / `messagesPerSecond` allow; the client reconnects with back-off. */
  tooManyMessages: 4429,
} as const;
