/**
 * Filters on a company's own fields as list addresses and the API name them:
 * `custom.{key}` (repeated: any of), `custom.{key}.gte|lte|empty`
 * (docs/decisions/061-custom-field-values.md). Shared by the customer and deal lists.
 */
export type CustomParam = `custom.${string}`;
export type CustomParams = { [param: CustomParam]: string | string[] };

export const isCustomParam = (name: string): name is CustomParam => name.startsWith('custom.');

/** `custom.{key}`, `custom.{key}.gte|lte|empty`. */
const CUSTOM_FILTER = /^custom\.[a-z][a-z0-9_]{0,39}(\.(gte|lte|empty))?$/;
/** Values of one own-field filter the address keeps (any of), each at most this long. */
const VALUES_MAX = 50;
const VALUE_LENGTH = 500;

/** The own-field filters of a filter, by their API names. */
export function customParamsOf(filter: object): CustomParams {
  return Object.fromEntries(
    Object.entries(filter).filter(([name]) => isCustomParam(name)) as [CustomParam, string | string[]][],
  );
}

/**
 * The address patch that swaps the list's own-field filters for a saved view's: each shown one
 * cleared, each of the view's set (`rest`: the view's filter beside its built-in fields).
 */
export function customPatchOf(
  shown: object,
  rest: Record<string, unknown>,
): Partial<Record<CustomParam, string | readonly string[]>> {
  const custom: Partial<Record<CustomParam, string | readonly string[]>> = {};
  for (const name of Object.keys(customParamsOf(shown))) custom[name as CustomParam] = '';
  for (const [name, value] of Object.entries(rest)) {
    if (isCustomParam(name) && (typeof value === 'string' || Array.isArray(value))) custom[name] = value;
  }
  return custom;
}

/** The address's own-field filters, shaped as the API takes them; the server checks them against the fields. */
export function parseCustomParams(params: URLSearchParams): CustomParams {
  const out: CustomParams = {};
  for (const name of new Set(params.keys())) {
    if (!CUSTOM_FILTER.test(name)) continue;
    const values = params
      .getAll(name)
      .map((v) => v.trim().slice(0, VALUE_LENGTH))
      .filter(Boolean)
      .slice(0, VALUES_MAX);
    if (values.length === 0) continue;
    // A range end or empty/not empty holds one value; equality any of several.
    out[name as CustomParam] =
      /\.(gte|lte|empty)$/.test(name) || values.length === 1 ? (values.at(-1) ?? '') : values;
  }
  return out;
}

/**
 * The filter without own-field filters and sort on fields not in use (archived or deleted since
 * the link or view was made): the list shows the rest rather than refusing. `keys` undefined:
 * the fields are not known yet, the filter goes as it is.
 */
export function knownFieldsOnly<F extends { sort?: string; dir?: string }>(
  filter: F,
  keys: ReadonlySet<string> | undefined,
): F {
  if (!keys) return filter;
  const known = (param: string) => keys.has(param.split('.')[1] ?? '');
  const next: Record<string, unknown> = {};
  let changed = false;
  for (const [name, value] of Object.entries(filter)) {
    const param = name === 'sort' ? String(value) : name;
    if (isCustomParam(param) && !known(param)) changed = true;
    else next[name] = value;
  }
  if (changed && next.sort === undefined) delete next.dir;
  return changed ? (next as F) : filter;
}
