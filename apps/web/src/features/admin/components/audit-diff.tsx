import { MODULES } from '@kontora/contract/limits';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';

type Snapshot = Record<string, unknown>;

const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An instant as the server writes it (ISO 8601 with a time). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An API key's permissions, `{ customers: 'write' }`, as "Customers: Read and write". */
function scopesText(value: Snapshot, translate: (key: string) => string): string {
  const known = (key: string, fallback: string) => (i18next.exists(key) ? translate(key) : fallback);
  const parts = Object.entries(value).map(
    ([resource, access]) =>
      `${known(`apiKeys.resources.${resource}`, resource)}: ${known(`apiKeys.access.${String(access)}`, String(access))}`,
  );
  return parts.join(', ') || translate('apiKeys.access.none');
}

/**
 * A value as a person reads it: codes translated (modules, roles, status, language, customer
 * status, permissions), times in the reader's format, yes/no, lists joined.
 */
function useShow() {
  const { t } = useTranslation();
  const format = useFormatters();
  const translate = t as unknown as (key: string) => string;
  const known = (key: string, fallback: string) => (i18next.exists(key) ? translate(key) : fallback);
  const one = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no');
    if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
      return format.dateTime(value);
    if (key === 'scopes' && isSnapshot(value)) return scopesText(value, translate);

    if (key === 'modules' && typeof value === 'number') {
      const module = MODULES.find((m) => m.id === value);
      return module ? translate(`modules.${module.key}`) : String(value);
    }
    if (key === 'role') return known(`roles.${String(value)}`, String(value));
    // An account's status, else a customer's.
    if (key === 'status')
      return known(`admin.status.${String(value)}`, known(`crm.status.${String(value)}`, String(value)));
    if (key === 'language') return known(`language.names.${String(value)}`, String(value));
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  return (key: string, value: unknown): string => {
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) {
      return value.map((v) => one(key, v)).join(', ') || '—';
    }
    return one(key, value);
  };
}

/** The field's label where the app has one (`admin.fields.<key>`), else the key itself. */
function fieldLabel(key: string): string {
  const translationKey = `admin.fields.${key}`;
  return i18next.exists(translationKey) ? (i18next.t as (key: string) => string)(translationKey) : key;
}

/**
 * Before and after of one audit entry, field by field: the fields either side
 * mentions, changed ones marked. A side that is not an object shows whole.
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const show = useShow();
  if (before == null && after == null) return null;
  const b = isSnapshot(before) ? before : before == null ? {} : { value: before };
  const a = isSnapshot(after) ? after : after == null ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (keys.length === 0) return null;

  return (
    <table className="table table-sm table-borderless small mb-0 kt-audit-diff">
      <thead>
        <tr>
          <th scope="col">{t('admin.audit.field')}</th>
          <th scope="col">{t('admin.audit.before')}</th>
          <th scope="col">{t('admin.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const was = show(key, b[key]);
          const now = show(key, a[key]);
          const changed = was !== now;
          return (
            <tr key={key}>
              <th scope="row" className="fw-normal text-body-secondary">
                {fieldLabel(key)}
              </th>
              <td
                className={changed && was !== '—' ? 'text-danger-emphasis text-decoration-line-through' : ''}
              >
                {changed && <span className="visually-hidden">{t('admin.audit.removedValue')} </span>}
                {was}
              </td>
              <td className={changed ? 'text-success-emphasis fw-semibold' : ''}>
                {changed && <span className="visually-hidden">{t('admin.audit.newValue')} </span>}
                {now}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
