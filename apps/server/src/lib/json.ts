/** JSON text stored in a column (or sent by a client) as a value; undefined when empty or not JSON. */
export function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
