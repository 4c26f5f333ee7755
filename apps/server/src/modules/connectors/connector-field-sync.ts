import { COMPATIBLE_KINDS, REMOTE_OBJECTS } from '@kontora/contract/connector-field-mappings';
import type { CustomField } from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { activeFields, customValuesOf } from '../custom-fields/custom-fields.service.ts';
import { type CustomerWrites, customersByIds } from '../customers/customers.service.ts';
import { type DealWrites, dealsForSync, type SyncedDeal } from '../deals/deals.service.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import type { CrmConnector, MappedField, RemotePage, RemoteRecord } from './connector.ts';
import { type OwnerMap, ownerMap, remoteUsersOf } from './connector-deal-owner.ts';
import { fieldMapsOf } from './connector-field-maps.repository.ts';
import { remotePropertiesOf } from './connector-field-properties.ts';
import type { RemoteFieldProperty } from './connector-field-types.ts';
import { fromRemote, toRemote } from './connector-field-values.ts';
import type { PullScope } from './connector-pull.ts';
import { type ConnectorRow, insertLog, type NewLogEntry } from './connectors.repository.ts';

/**
 * The company's own fields in a sync run (docs/decisions/077-connector-field-mapping.md).
 * `withFieldMapping` wraps a connection's client for one run: its listings answer each
 * record's mapped values as own-field values (`fields.custom`), its writes send them as
 * remote values, and its field lists (`mappedFields`, the deals' `customKeys`) name them,
 * so the content hashes cover them and our own writes coming back change nothing. The sync
 * itself passes `custom` to the customers' and deals' write doors like any other value.
 * A value that does not fit (an option with no counterpart, text where a number belongs) is
 * logged (`value_skipped`) and left out; the record and the run go on.
 */

interface Mapping {
  field: CustomField;
  property: RemoteFieldProperty;
}

const providerName = (provider: string) => (provider === 'hubspot' ? 'HubSpot' : 'Pipedrive');

/** The run's client with the connection's field mapping applied; the client itself when there is none. */
export async function withFieldMapping(
  ctx: AppContext,
  row: ConnectorRow,
  client: CrmConnector,
  signal?: AbortSignal,
): Promise<CrmConnector> {
  const companyId = row.company_id;
  const objects = Object.values(REMOTE_OBJECTS[row.provider]).flat();
  const rows = await fieldMapsOf(ctx.db, companyId, row.id);
  const byObject = new Map<string, Mapping[]>();
  const entry = (
    direction: 'pull' | 'push' | null,
    remoteType: string | null,
    remoteId: string | null,
    message: string,
  ): NewLogEntry => ({
    company_id: companyId,
    connector_id: row.id,
    at: new Date().toISOString(),
    kind: 'value_skipped',
    direction,
    remote_type: remoteType,
    remote_id: remoteId,
    customer_id: null,
    message: message.slice(0, 1000),
  });
  if (rows.length) {
    const fields = new Map(
      [
        ...(await activeFields(ctx.db, companyId, 'customer')),
        ...(await activeFields(ctx.db, companyId, 'deal')),
      ].map((f) => [f.id, f]),
    );
    const properties = await remotePropertiesOf(client, [...new Set(rows.map((r) => r.remote_object))], {
      signal,
    });
    const gone: NewLogEntry[] = [];
    for (const r of rows) {
      const field = fields.get(r.field_id);
      if (!field) continue; // archived: not synced while it is
      const property = properties.find((p) => p.object === r.remote_object && p.name === r.remote_name);
      if (!property?.kind || !COMPATIBLE_KINDS[field.type].includes(property.kind)) {
        gone.push(
          entry(
            null,
            r.remote_object,
            null,
            `Field “${field.label}” is not synced: ${providerName(row.provider)} has no ${r.remote_object} property “${r.remote_name}” of a fitting type any more.`,
          ),
        );
        continue;
      }
      byObject.set(r.remote_object, [...(byObject.get(r.remote_object) ?? []), { field, property }]);
    }
    await insertLog(ctx.db, gone);
  }
  for (const object of objects)
    client.fields.want(
      object,
      (byObject.get(object) ?? []).map((m) => m.property.name),
    );
  if (byObject.size === 0) return client;

  // Person fields need the provider's users; a provider refusing them syncs none this run
  // (else every person value would look like an unknown user and be emptied).
  let people: OwnerMap | undefined;
  if ([...byObject.values()].flat().some((m) => m.field.type === 'person')) {
    const users = await remoteUsersOf(client, signal);
    if (users) people = ownerMap(await memberIdsByEmail(ctx.db, companyId), users);
    else {
      for (const [object, list] of byObject)
        byObject.set(
          object,
          list.filter((m) => m.field.type !== 'person'),
        );
      await insertLog(ctx.db, [
        entry(
          null,
          null,
          null,
          `Person fields are not synced this time: ${providerName(row.provider)} did not list its users.`,
        ),
      ]);
    }
  }

  const provider = row.provider;
  const describe = (value: unknown) => JSON.stringify(value)?.slice(0, 100) ?? String(value);
  /**
   * One record's mapped values converted one way: pulled (remote values by property name →
   * own values by key) or pushed (the reverse). Undefined when nothing is mapped for the
   * object kind or the record brought no values; what does not fit is logged and left out.
   */
  const convert = async (
    direction: 'pull' | 'push',
    object: string,
    values: Record<string, unknown> | undefined,
    remoteId: string | null,
  ) => {
    const list = byObject.get(object);
    if (!list || !values) return undefined;
    const out: Record<string, unknown> = {};
    const skipped: NewLogEntry[] = [];
    for (const { field, property } of list) {
      const pull = direction === 'pull';
      const value = pull ? values[property.name] : (values[field.key] ?? null);
      // An empty person is not sent: it may be a remote user who is no member here, whom an
      // unrelated change in Kontora must not wipe out (decision 093).
      if (!pull && field.type === 'person' && value === null) continue;
      const converted = (pull ? fromRemote : toRemote)(provider, field, property, value, people);
      if (!converted.ok) {
        const what = pull
          ? `of “${property.label}” does not fit`
          : `has no counterpart in “${property.label}”`;
        const message = `Field “${field.label}”: the value ${describe(value)} ${what} (${converted.problem}); ${pull ? 'skipped' : 'not sent'}.`;
        skipped.push(entry(direction, object, remoteId, message));
        continue;
      }
      if (converted.problem) {
        const message = `Field “${field.label}”: the value ${describe(value)} of “${property.label}” is no member here (${converted.problem}); left empty.`;
        skipped.push(entry(direction, object, remoteId, message));
      }
      // A required field is not emptied from afar; the value here stays.
      if (pull && converted.value === null && field.required) continue;
      out[pull ? field.key : property.name] = converted.value;
    }
    await insertLog(ctx.db, skipped);
    return out;
  };
  const withCustom = async <T extends { fields: object; id: string }>(
    object: string,
    records: T[],
    remoteOf: (r: T) => Record<string, unknown> | undefined,
  ) => {
    for (const r of records) {
      const custom = await convert('pull', object, remoteOf(r), r.id);
      if (custom) r.fields = { ...r.fields, custom };
    }
  };
  const page = async (p: RemotePage) => {
    for (const r of p.records) await withCustom(r.type, [r], (x) => x.remote);
    return p;
  };
  const keysOf = (object: string): MappedField[] =>
    (byObject.get(object) ?? []).map((m) => `custom.${m.field.key}` as const);

  return {
    ...client,
    mappedFields: Object.fromEntries(
      Object.entries(client.mappedFields).map(([type, list]) => [type, [...list, ...keysOf(type)]]),
    ),
    listPage: async (type, cursor, s) => page(await client.listPage(type, cursor, s)),
    changedPage: async (type, since, cursor, s) => page(await client.changedPage(type, since, cursor, s)),
    async find(type, fields, s) {
      const found = await client.find(type, fields, s);
      for (const f of found) if (f.fields) await withCustom(type, [f as RemoteRecord], (x) => x.remote);
      return found;
    },
    async push(type, items, s) {
      const sent = [];
      for (const item of items)
        sent.push({ ...item, remote: await convert('push', type, item.fields.custom, item.remoteId) });
      return client.push(type, sent, s);
    },
    deals: {
      ...client.deals,
      customKeys: keysOf('deal'),
      async dealsPage(since, cursor, s) {
        const answer = await client.deals.dealsPage(since, cursor, s);
        await withCustom('deal', answer.deals, (d) => d.remote);
        return answer;
      },
      async pushDeal(remoteId, fields, s) {
        return client.deals.pushDeal(
          remoteId,
          { ...fields, remote: await convert('push', 'deal', fields.custom, remoteId) },
          s,
        );
      },
    },
  };
}

/** The deals as the sync reads them, with their own-field values (the wrapped client picks the mapped ones). */
export async function dealsWithCustom(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, SyncedDeal & { custom: Record<string, unknown> }>> {
  const deals = await dealsForSync(db, companyId, ids);
  const values = await customValuesOf(db, companyId, 'deal', [...deals.keys()]);
  return new Map([...deals].map(([id, d]) => [id, { ...d, custom: values.get(id) ?? {} }]));
}

/** A new record's mapped values without the empty ones (a create fills its defaults for those). */
export function customForCreate(custom: Record<string, unknown> | undefined) {
  if (!custom) return undefined;
  const set = Object.entries(custom).filter(([, v]) => v !== null);
  return set.length ? Object.fromEntries(set) : undefined;
}

/** A deal a pull creates, with its mapped values (the empty ones left to the field's default). */
export function createWithCustom(
  writes: DealWrites,
  custom: Record<string, unknown> | undefined,
  input: Parameters<DealWrites['create']>[0],
): Promise<number> {
  return writes.create(input, undefined, customForCreate(custom));
}

/**
 * Gives customers a pull just imported (an import batch takes no own-field values) the
 * mapped values of their remote records, through the customers' write door. A refusal is
 * logged and leaves the customer as imported.
 */
export async function applyNewCustomValues(
  writes: CustomerWrites,
  scope: PullScope,
  ids: number[],
  records: RemoteRecord[],
  log: NewLogEntry[],
): Promise<void> {
  const wanted = new Map<number, { record: RemoteRecord; custom: Record<string, unknown> }>();
  records.forEach((record, i) => {
    const custom = customForCreate(record.fields.custom);
    const id = ids[i];
    if (custom && id !== undefined) wanted.set(id, { record, custom });
  });
  if (wanted.size === 0) return;
  const customers = await customersByIds(writes.db, scope.actor.companyId, [...wanted.keys()]);
  for (const [id, { record, custom }] of wanted) {
    const current = customers.get(id);
    if (!current) continue;
    try {
      await writes.applyPatch(current, { custom, version: current.version });
    } catch (err) {
      // Refused before anything was written: the customer stays as imported.
      if (!(err instanceof AppError)) throw err;
      log.push({
        company_id: scope.actor.companyId,
        connector_id: scope.connectorId,
        at: new Date().toISOString(),
        kind: 'value_skipped',
        direction: 'pull',
        remote_type: record.type,
        remote_id: record.id,
        customer_id: id,
        message: `Own-field values not set: ${
          Object.entries(err.details ?? {})
            .map(([f, codes]) => `${f}: ${codes.join(', ')}`)
            .join('; ') || err.message
        }`.slice(0, 1000),
      });
    }
  }
}
