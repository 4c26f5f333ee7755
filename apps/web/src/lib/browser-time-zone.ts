/** The zone the browser is in: shown beside times typed in the company's zone when the two differ. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
