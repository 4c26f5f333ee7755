import type { FastifyInstance } from 'fastify';
import { invalidField } from '../lib/errors.ts';

/**
 * A backstop behind the contract's text fields: no string anywhere in a request's parsed body,
 * query or path parameters may contain NUL. PostgreSQL cannot store it (a 500 there, silently
 * stored on SQLite), so one refusal here keeps both databases alike even for a field declared
 * without the contract's text primitives. The answer names the first offending field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNul(value);
      if (field !== null) throw invalidField(field || part, 'control_characters');
    }
  });
}

/**
 * The dotted path of the first string (value or key) holding NUL, or null. Iterative: a JSON body
 * may nest hundreds of thousands of levels deep, which recursion would answer with a stack overflow.
 */
function findNul(root: unknown): string | null {
  const pending: Array<[unknown, string]> = [[root, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    // Parsed JSON and query strings only: a streamed upload (the CSV import) is checked by its reader.
    if (!isPlainData(value)) continue;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return itemPath.replaceAll('\u0000', '\\0');
      pending.push([item, itemPath]);
    }
  }
  return null;
}

function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}
