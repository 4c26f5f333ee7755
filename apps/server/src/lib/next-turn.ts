/**
 * Resolves once the event loop has run the I/O that was waiting (new requests among it).
 * node:sqlite answers at once, so a chain of awaited statements never lets Node read the requests
 * waiting: a long job takes a turn between its statements or transactions.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
