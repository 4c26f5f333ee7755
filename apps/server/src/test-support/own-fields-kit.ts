import type { CustomFieldType, CustomRecord } from '@kontora/contract/custom-fields';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * The own-field set-up API tests share: fields of given types defined through the API as a
 * company's owner or admin would, and a connector's field-mapping body.
 */
export interface OwnFieldSpec {
  record: CustomRecord;
  key: string;
  type: CustomFieldType;
  /** Defaults to the key. */
  label?: string;
  /** A select's options in order, value → label. */
  options?: Record<string, string>;
  required?: boolean;
}

/** The request body defining one own field. */
export const ownFieldBody = ({ options, label, ...spec }: OwnFieldSpec) => ({
  ...spec,
  label: label ?? spec.key,
  ...(options ? { options: Object.entries(options).map(([value, l]) => ({ value, label: l })) } : {}),
});

/** Defines these fields in the company; answers each one's id by its key. */
export async function defineOwnFields<K extends string>(
  t: Pick<TestApp, 'call'>,
  token: string,
  company: number,
  specs: (OwnFieldSpec & { key: K })[],
): Promise<Record<K, number>> {
  const ids = {} as Record<K, number>;
  for (const spec of specs) {
    const res = await t.call(token, {
      method: 'POST',
      url: `/api/companies/${company}/custom-fields`,
      payload: ownFieldBody(spec),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[spec.key] = res.json().data.id as number;
  }
  return ids;
}

/** A connector's field mappings (`PUT …/field-mappings`), each `[field id, remote object, property name]`. */
export const mappingBody = (pairs: [fieldId: number, object: string, name: string][]) =>
  pairs.map(([field_id, object, name]) => ({ field_id, object, name }));
