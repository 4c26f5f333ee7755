import {
  COMPATIBLE_KINDS,
  type FieldMappings,
  type FieldMappingsBody,
  REMOTE_OBJECTS,
} from '@kontora/contract/connector-field-mappings';
import type { CustomField } from '@kontora/contract/custom-fields';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { activeFields } from '../custom-fields/custom-fields.service.ts';
import { errorText } from './connector-errors.ts';
import { connectorFor } from './connector-factory.ts';
import { type FieldMapRow, fieldMapsOf, replaceFieldMaps } from './connector-field-maps.repository.ts';
import { remotePropertiesOf } from './connector-field-properties.ts';
import type { RemoteFieldProperty } from './connector-field-types.ts';
import { syncConnectorJob } from './connector-job.ts';
import { type ConnectorRow, findConnector } from './connectors.repository.ts';

/**
 * A connection's field mapping (docs/decisions/077-connector-field-mapping.md): which field
 * of the company's own goes with which remote property, per remote object kind. Reading it
 * asks the provider for its properties (cached a minute); saving it checks every pair
 * against what the provider has now, then queues a full pass so the values already there
 * come in.
 */

async function rowOf(ctx: AppContext, companyId: number, id: number): Promise<ConnectorRow> {
  const row = await findConnector(ctx.db, companyId, id);
  if (!row) throw notFound('Connector');
  return row;
}

const objectsOf = (row: ConnectorRow) => Object.values(REMOTE_OBJECTS[row.provider]).flat();

async function ownFields(ctx: AppContext, companyId: number): Promise<CustomField[]> {
  return [
    ...(await activeFields(ctx.db, companyId, 'customer')),
    ...(await activeFields(ctx.db, companyId, 'deal')),
  ];
}

const mappable = (p: RemoteFieldProperty) => p.kind !== null && p.writable;

function answer(
  row: ConnectorRow,
  fields: CustomField[],
  maps: FieldMapRow[],
  remote: RemoteFieldProperty[] | null,
  remoteError: string | null,
): FieldMappings {
  const find = (object: string, name: string) =>
    remote?.find((p) => p.object === object && p.name === name) ?? null;
  const taken = new Set(maps.map((m) => `${m.remote_object}\u0000${m.remote_name}`));
  return {
    provider: row.provider,
    objects: {
      customer: [...REMOTE_OBJECTS[row.provider].customer],
      deal: [...REMOTE_OBJECTS[row.provider].deal],
    },
    fields: fields.map((f) => ({
      field_id: f.id,
      record: f.record,
      key: f.key,
      label: f.label,
      type: f.type,
      remote: maps
        .filter((m) => m.field_id === f.id)
        .map((m) => ({
          object: m.remote_object,
          name: m.remote_name,
          label: find(m.remote_object, m.remote_name)?.label ?? null,
        })),
    })),
    remote:
      remote?.filter(mappable).map((p) => ({
        object: p.object,
        name: p.name,
        label: p.label,
        type: p.type,
        kind: p.kind as NonNullable<RemoteFieldProperty['kind']>,
        custom: p.custom,
        options: p.options.map((o) => o.label),
      })) ?? null,
    unmapped_remote: (remote ?? [])
      .filter((p) => p.custom && mappable(p) && !taken.has(`${p.object}\u0000${p.name}`))
      .map((p) => ({ object: p.object, name: p.name, label: p.label, type: p.type })),
    remote_error: remoteError,
  };
}

export async function getFieldMappings(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<FieldMappings> {
  const row = await rowOf(ctx, companyId, id);
  const fields = await ownFields(ctx, companyId);
  const maps = await fieldMapsOf(ctx.db, companyId, id);
  try {
    const remote = await remotePropertiesOf(connectorFor(ctx, row), objectsOf(row), {
      signal: AbortSignal.timeout(60_000),
    });
    return answer(row, fields, maps, remote, null);
  } catch (err) {
    // The mapping is still shown; the screen says why the provider's side is missing.
    return answer(row, fields, maps, null, errorText(err));
  }
}

/**
 * Replaces the mapping. Each pair must name a field in use, a remote object kind of its
 * record kind, and a writable property of that kind whose values convert to the field's
 * type; a field once per object kind, a property for one field. Problems answer 400 with
 * `mappings.{i}.{field_id|object|name}` in `details`, and nothing is saved.
 */
export async function putFieldMappings(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: FieldMappingsBody,
): Promise<FieldMappings> {
  const { companyId } = actor;
  const row = await rowOf(ctx, companyId, id);
  const fields = new Map((await ownFields(ctx, companyId)).map((f) => [f.id, f]));
  let remote: RemoteFieldProperty[];
  try {
    remote = await remotePropertiesOf(connectorFor(ctx, row), objectsOf(row), {
      fresh: true,
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    throw new AppError(
      400,
      'validation_failed',
      `The provider's properties could not be read: ${errorText(err)}`,
      {
        details: { mappings: ['remote_unavailable'] },
      },
    );
  }
  const problems: Record<string, string[]> = {};
  const seenField = new Set<string>();
  const seenRemote = new Set<string>();
  /** What is wrong with one pair: the part of it and the code, or null. */
  const problemOf = (m: FieldMappingsBody['mappings'][number]): [string, string] | null => {
    const field = fields.get(m.field_id);
    if (!field) return ['field_id', 'unknown_field'];
    if (!REMOTE_OBJECTS[row.provider][field.record].includes(m.object)) return ['object', 'invalid_object'];
    const property = remote.find((p) => p.object === m.object && p.name === m.name);
    if (!property?.kind || !property.writable) return ['name', 'unknown_property'];
    if (!COMPATIBLE_KINDS[field.type].includes(property.kind)) return ['name', 'incompatible_type'];
    const fieldKey = `${m.field_id}\u0000${m.object}`;
    const remoteKey = `${m.object}\u0000${m.name}`;
    if (seenField.has(fieldKey)) return ['object', 'duplicate'];
    if (seenRemote.has(remoteKey)) return ['name', 'remote_taken'];
    seenField.add(fieldKey);
    seenRemote.add(remoteKey);
    return null;
  };
  body.mappings.forEach((m, i) => {
    const problem = problemOf(m);
    if (problem) problems[`mappings.${i}.${problem[0]}`] = [problem[1]];
  });
  if (Object.keys(problems).length)
    throw new AppError(400, 'validation_failed', 'Some mappings are invalid.', { details: problems });
  const at = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await fieldMapsOf(trx, companyId, id);
    await replaceFieldMaps(
      trx,
      companyId,
      id,
      body.mappings.map((m) => ({
        company_id: companyId,
        connector_id: id,
        field_id: m.field_id,
        remote_object: m.object,
        remote_name: m.name,
        updated_at: at,
      })),
    );
    await recordAudit(trx, {
      ...auditActorOf(actor),
      action: 'connector.field_mappings',
      entity: 'connector',
      entityId: id,
      companyId,
      before: {
        mappings: before.map((m) => ({ field_id: m.field_id, object: m.remote_object, name: m.remote_name })),
      },
      after: { mappings: body.mappings },
    });
    // A full pass brings the values already in the provider (an ordinary run sees only changes).
    const added = body.mappings.filter(
      (m) =>
        !before.some(
          (b) => b.field_id === m.field_id && b.remote_object === m.object && b.remote_name === m.name,
        ),
    );
    // After its pull, the run sends the values of the newly mapped fields already here.
    if (added.length)
      await ctx.jobs.enqueue(trx, syncConnectorJob, {
        company_id: companyId,
        connector_id: id,
        mode: 'full',
        push_fields: [...new Set(added.map((m) => m.field_id))],
      });
  });
  return getFieldMappings(ctx, companyId, id);
}
