/**
 * Opaque cursors for keyset pagination: the sort key and id of the last row
 * of a page (plus what that key means, so a cursor from another sort is refused).
 * Base64url JSON: not a secret, only opaque, and every part is re-validated.
 */
export function encodeCursor(parts: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The parts, or undefined when the cursor is not one of ours. */
export function decodeCursor(raw: string): unknown[] | undefined {
  try {
    const parts: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return Array.isArray(parts) ? parts : undefined;
  } catch {
    return undefined;
  }
}
