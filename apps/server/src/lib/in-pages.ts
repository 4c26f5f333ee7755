/** Runs `work` on the ids a page at a time (a statement's `in` list stays bounded); answers the sum of what it answers. */
export async function sumInPages(
  ids: readonly number[],
  size: number,
  work: (page: number[]) => Promise<number>,
): Promise<number> {
  let sum = 0;
  for (let i = 0; i < ids.length; i += size) sum += await work(ids.slice(i, i + size));
  return sum;
}
