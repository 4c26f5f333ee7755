/**
 * Whether an address is excluded by a list of entries (docs/decisions/083-mail-exclusions.md):
 * an address entry matches that address, a domain entry the domain and every subdomain of
 * it (`example.com` matches `ana@example.com` and `ivo@eu.example.com`, not `ana@myexample.com`).
 * Entries and addresses are compared lower case.
 */
export function exclusionMatcher(entries: readonly string[]): (address: string) => boolean {
  const addresses = new Set(entries.filter((e) => e.includes('@')));
  const domains = new Set(entries.filter((e) => !e.includes('@')));
  if (addresses.size === 0 && domains.size === 0) return () => false;
  return (raw) => {
    const address = raw.trim().toLowerCase();
    if (addresses.has(address)) return true;
    const at = address.lastIndexOf('@');
    if (at < 0) return false;
    // The domain, then each parent of it: eu.example.com, example.com, com.
    let domain = address.slice(at + 1);
    while (domain) {
      if (domains.has(domain)) return true;
      const dot = domain.indexOf('.');
      domain = dot < 0 ? '' : domain.slice(dot + 1);
    }
    return false;
  };
}

/**
 * Whether a message with these participants is one not to keep: any of them excluded. The
 * mailbox's own address is left out, so a person who lists their own company's domain keeps
 * mail with customers and drops only what also goes to a colleague there.
 */
export function excludesMessage(
  matches: (address: string) => boolean,
  participants: readonly string[],
  own: string,
): boolean {
  const self = own.toLowerCase();
  return participants.some((p) => p.toLowerCase() !== self && matches(p));
}
