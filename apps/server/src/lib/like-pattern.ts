/** `%…%` for `LIKE … escape '\'`: the search text in lower case, with the user's own wildcards escaped. */
export const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
