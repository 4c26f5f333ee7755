const DAY_MS = 86_400_000;
/** Completed jobs stay visible on the admin screen a week; dead ones a month, to be looked into. */
export const KEEP_COMPLETED_MS = 7 * DAY_MS;
export const KEEP_DEAD_MS = 30 * DAY_MS;
