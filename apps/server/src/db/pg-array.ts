/**
 * A PostgreSQL array literal of scalar values, as the `pg` client writes a JS array parameter
 * (`{"a","b\"c",NULL}`: every element quoted, backslashes and quotes escaped, null as NULL), built
 * here because the client escapes each element with two regular-expression replaces: for the
 * arrays of an import's set-based inserts (one per column, 500 rows a statement) that was the
 * largest share of the server's own work on PostgreSQL (docs/decisions/103-import-write-cost.md).
 */
export function pgArray(values: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number' || typeof v === 'bigint') out += `"${v}"`;
    else if (typeof v === 'string') out += quoted(v);
    else if (typeof v === 'boolean') out += `"${v}"`;
    else throw new Error(`pgArray takes scalars, not ${typeof v}`);
  }
  return `${out}}`;
}

function quoted(text: string): string {
  if (!text.includes('\\') && !text.includes('"')) return `"${text}"`;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
