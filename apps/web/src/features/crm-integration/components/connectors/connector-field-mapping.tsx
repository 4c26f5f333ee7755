import {
  COMPATIBLE_KINDS,
  type FieldMapping,
  type FieldMappings,
} from '@kontora/contract/connector-field-mappings';
import type { Connector } from '@kontora/contract/connectors';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notifications.ts';
import { reasonText } from '../../../../lib/server-problems.ts';
import { useFieldMappings, useSaveFieldMappings } from '../../api/connector-field-mappings.ts';

/** One select of the form: an own field on one remote object kind. */
const slotOf = (fieldId: number, object: string) => `${fieldId}:${object}`;

/** The saved mapping as the form's choices (slot → remote property name). */
function choicesOf(data: FieldMappings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of data.fields) for (const r of f.remote) out[slotOf(f.field_id, r.object)] = r.name;
  return out;
}

/**
 * "Field mapping" of one connection, for owners and admins: each field of the company's
 * own with a select of the provider's properties it may go with (per remote object kind,
 * only those whose values convert to its type), and the provider's custom properties no
 * field is mapped to yet. Saving checks each pair at the provider; a full pass follows.
 */
export function ConnectorFieldMapping({ companyId, connector }: { companyId: number; connector: Connector }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useFieldMappings(companyId, connector.id);
  const save = useSaveFieldMappings(companyId, connector.id);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const data = query.data;
  useEffect(() => {
    if (data) setChoices(choicesOf(data));
  }, [data]);
  const provider = t(`connectors.providers.${connector.provider}`);
  const objectLabel = (object: string) =>
    connector.provider === 'hubspot'
      ? t(`connectors.fields.objects.hubspot.${object as 'contact' | 'company' | 'deal'}`)
      : t(`connectors.fields.objects.pipedrive.${object as 'person' | 'organization' | 'deal'}`);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data) return;
    const slots: string[] = [];
    const mappings = data.fields.flatMap((f) =>
      data.objects[f.record].flatMap((object) => {
        const name = choices[slotOf(f.field_id, object)];
        if (!name) return [];
        slots.push(slotOf(f.field_id, object));
        return [{ field_id: f.field_id, object, name }];
      }),
    );
    setProblems({});
    try {
      await save.mutateAsync({ mappings });
      notify('success', t('connectors.fields.saved'));
    } catch (error) {
      const found: Record<string, string> = {};
      if (isApiError(error))
        for (const [path, codes] of Object.entries(error.details)) {
          const index = Number(path.split('.')[1]);
          const slot = slots[index];
          if (slot) found[slot] = reasonText(t, codes[0]) ?? '';
        }
      setProblems(found);
      if (Object.keys(found).length === 0) notify('danger', errorMessage(t, error));
    }
  };

  const options = (field: FieldMapping, object: string) =>
    (data?.remote ?? []).filter((p) => p.object === object && COMPATIBLE_KINDS[field.type].includes(p.kind));

  return (
    <section className="card kt-card mt-3" aria-labelledby={titleId} data-testid="connector-field-mapping">
      <div className="card-body">
        <h3 className="h6" id={titleId}>
          {t('connectors.fields.title', { provider })}
        </h3>
        <p className="small text-body-secondary">{t('connectors.fields.intro', { provider })}</p>
        {query.error && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
        {query.isPending && <p className="text-body-secondary mb-0">{t('common.loading')}</p>}
        {data?.remote_error && (
          <div className="alert alert-warning small" role="status">
            {t('connectors.fields.remoteError', { provider, reason: data.remote_error })}
          </div>
        )}
        {data && data.fields.length === 0 && <p className="small mb-3">{t('connectors.fields.noFields')}</p>}
        {data && data.fields.length > 0 && (
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className="table-responsive">
              <table className="table table-sm align-middle">
                <caption className="visually-hidden">{t('connectors.fields.title', { provider })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('connectors.fields.ownField')}</th>
                    <th scope="col">{t('connectors.fields.remoteProperty', { provider })}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.fields.map((field) => (
                    <tr key={field.field_id} data-testid="field-mapping-row">
                      <th scope="row" className="fw-normal">
                        <div className="fw-semibold">{field.label}</div>
                        <div className="small text-body-secondary">
                          {t(`connectors.fields.records.${field.record}`)} ·{' '}
                          {t(`customFields.types.${field.type}`)}
                        </div>
                      </th>
                      <td>
                        {COMPATIBLE_KINDS[field.type].length === 0 ? (
                          <span className="small text-body-secondary">
                            {t('connectors.fields.notMappable')}
                          </span>
                        ) : (
                          data.objects[field.record].map((object) => {
                            const slot = slotOf(field.field_id, object);
                            const id = `mapping-${connector.id}-${field.field_id}-${object}`;
                            const problem = problems[slot];
                            return (
                              <div key={object} className="mb-1">
                                <label className="form-label small mb-0" htmlFor={id}>
                                  {objectLabel(object)}
                                </label>
                                <select
                                  id={id}
                                  className={`form-select form-select-sm${problem ? ' is-invalid' : ''}`}
                                  value={choices[slot] ?? ''}
                                  aria-invalid={problem ? true : undefined}
                                  aria-describedby={problem ? `${id}-problem` : undefined}
                                  onChange={(e) => setChoices((c) => ({ ...c, [slot]: e.target.value }))}
                                >
                                  <option value="">{t('connectors.fields.notMapped')}</option>
                                  {/* A saved property the provider no longer offers stays visible until changed. */}
                                  {choices[slot] &&
                                    !options(field, object).some((p) => p.name === choices[slot]) && (
                                      <option value={choices[slot]}>{choices[slot]}</option>
                                    )}
                                  {options(field, object).map((p) => (
                                    <option key={p.name} value={p.name}>
                                      {p.custom
                                        ? p.label
                                        : t('connectors.fields.builtIn', { label: p.label, provider })}
                                    </option>
                                  ))}
                                </select>
                                {problem && (
                                  <div className="invalid-feedback" id={`${id}-problem`}>
                                    {problem}
                                  </div>
                                )}
                              </div>
                            );
                          })
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={save.isPending || !data.remote}
            >
              {t('connectors.fields.save')}
            </button>
          </form>
        )}
        {data?.remote && (
          <>
            <h4 className="h6 mt-4">{t('connectors.fields.unmapped', { provider })}</h4>
            {data.unmapped_remote.length === 0 ? (
              <p className="small text-body-secondary mb-0">{t('connectors.fields.noneUnmapped')}</p>
            ) : (
              <ul className="small mb-0" data-testid="unmapped-remote">
                {data.unmapped_remote.map((p) => (
                  <li key={`${p.object}:${p.name}`}>
                    {p.label}{' '}
                    <span className="text-body-secondary">
                      ({objectLabel(p.object)}, {p.type})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
