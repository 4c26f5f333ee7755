import type { Route, StandinAnswer } from '../social-standins/standin-server.ts';

/**
 * The fields part of the Pipedrive stand-in, as Pipedrive documents it: `GET
 * /api/v1/personFields`, `/organizationFields`, `/dealFields` (`start` / `limit` paging in
 * `additional_data.pagination`) answering each field's `id`, `key`, `name`, `field_type`,
 * `edit_flag` and `options` (`id`, `label`). A few of Pipedrive's own fields per kind, and
 * the custom ones a test adds, keyed by 40-character hashes. Custom values travel in
 * `custom_fields` of an API v2 person or organization and as top-level keys of an API v1
 * deal; a write checks them (an unknown key, an option id not of the field, a number that
 * is none: 400), as Pipedrive does. An `enum` holds an option id, a `set` a list of them
 * (API v1: also as text joined by commas). A `user` field holds the id of one of the
 * company's users (an unknown one is refused); API v1 deals answer it as an object with its
 * `id`, `value`, `name` and `email`, as they answer `user_id`.
 */
export interface PipedriveFieldDef {
  key: string;
  name: string;
  field_type: string;
  options?: { id: number; label: string }[];
}

export type FieldKind = 'person' | 'organization' | 'deal';

const own = (key: string, name: string, field_type = 'varchar'): PipedriveFieldDef => ({
  key,
  name,
  field_type,
});

const defaults = (): Record<FieldKind, PipedriveFieldDef[]> => ({
  person: [
    own('name', 'Name'),
    own('email', 'Email', 'varchar'),
    own('phone', 'Phone', 'phone'),
    own('owner_id', 'Owner', 'user'),
  ],
  organization: [own('name', 'Name'), own('address', 'Address', 'address'), own('owner_id', 'Owner', 'user')],
  deal: [own('title', 'Title'), own('value', 'Value', 'monetary'), own('stage_id', 'Stage', 'stage')],
});

const PATHS: Record<string, FieldKind> = {
  personFields: 'person',
  organizationFields: 'organization',
  dealFields: 'deal',
};

/** A user of the stand-in, as a `user` field sees them. */
interface FieldUser {
  id: number;
  email: string;
}

export function pipedriveFieldStore(bad: (error: string) => StandinAnswer, users: FieldUser[] = []) {
  const defs = defaults();
  let nextFieldId = 9000;
  let nextOptionId = 100;
  /** The custom values of a write checked and as stored, or why Pipedrive refuses them. */
  const checked = (kind: FieldKind, values: Record<string, unknown>): Record<string, unknown> | string => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const def = defs[kind].find((d) => d.key === key);
      if (!def) return `Unknown custom field ${key}`;
      if (value === null || value === '') {
        out[key] = null;
        continue;
      }
      const ids = (list: unknown) =>
        (Array.isArray(list) ? list : String(list).split(',')).map((v) => Number(String(v).trim()));
      if (def.field_type === 'enum' || def.field_type === 'set') {
        const chosen = ids(value);
        if (def.field_type === 'enum' && chosen.length !== 1) return `${def.name}: one option expected`;
        if (chosen.some((id) => !def.options?.some((o) => o.id === id)))
          return `${def.name}: option does not exist`;
        out[key] = def.field_type === 'enum' ? chosen[0] : chosen;
      } else if (def.field_type === 'double' || def.field_type === 'monetary') {
        const n = typeof value === 'object' && value !== null ? (value as { value: unknown }).value : value;
        if (!Number.isFinite(Number(n))) return `${def.name}: not a number`;
        out[key] = Number(n);
      } else if (def.field_type === 'user') {
        const id = Number(typeof value === 'object' ? (value as { value?: unknown }).value : value);
        if (!users.some((u) => u.id === id)) return `${def.name}: user not found`;
        out[key] = id;
      } else out[key] = value;
    }
    return out;
  };
  const route: [string, RegExp, Route] = [
    'GET',
    /^\/api\/v1\/(personFields|organizationFields|dealFields)$/,
    (req, [path]) => {
      const all = defs[PATHS[path as string] as FieldKind];
      const start = Number(req.query.get('start') ?? 0);
      const limit = Number(req.query.get('limit') ?? 100);
      if (!(limit >= 1 && limit <= 500)) return bad('limit must be between 1 and 500');
      const page = all.slice(start, start + limit);
      const more = start + limit < all.length;
      return {
        json: {
          success: true,
          data: page.map((d, i) => ({
            id: start + i + 1,
            key: d.key,
            name: d.name,
            field_type: d.field_type,
            edit_flag: /^[0-9a-f]{40}$/.test(d.key),
            active_flag: true,
            options: d.options ?? null,
          })),
          additional_data: {
            pagination: {
              start,
              limit,
              more_items_in_collection: more,
              ...(more ? { next_start: start + limit } : {}),
            },
          },
        },
      };
    },
  ];
  /** The user fields of API v1 record values as Pipedrive answers them: objects. */
  const view = (kind: FieldKind, values: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      defs[kind]
        .filter((d) => d.field_type === 'user' && typeof values[d.key] === 'number')
        .map((d) => {
          const user = users.find((u) => u.id === values[d.key]);
          return [
            d.key,
            { id: values[d.key], value: values[d.key], name: user?.email ?? '', email: user?.email ?? null },
          ];
        }),
    );
  return {
    route,
    checked,
    view,
    /** Tests: a custom field made in Pipedrive; answers its hash key and its options with their ids. */
    define(kind: FieldKind, name: string, field_type: string, options: string[] = []) {
      const key = (nextFieldId++).toString(16).padStart(40, 'a');
      const def = { key, name, field_type, options: options.map((label) => ({ id: nextOptionId++, label })) };
      defs[kind].push(def);
      return def;
    },
  };
}
