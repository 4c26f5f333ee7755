import { z } from 'zod';

/** One signed-in device of the person (`GET /api/me/sessions`). */
export const MySession = z.object({
  id: z.number(),
  /** The session this request was made with. */
  current: z.boolean(),
  user_agent: z.string().nullable(),
  /** Browser and system read from the user agent, e.g. "Firefox on Windows"; null when unknown. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type MySession = z.infer<typeof MySession>;

export const MySessionsData = z.object({ items: z.array(MySession) });
export type MySessionsData = z.infer<typeof MySessionsData>;

export const RevokedSessions = z.object({ revoked: z.number() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;
