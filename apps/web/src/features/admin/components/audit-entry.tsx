import type { AuditEntry } from '@kontora/contract/admin';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFormatters } from '../../../lib/format.ts';
import { AuditDiff } from './audit-diff.tsx';

/** `company.update` → its translation (`admin.audit.actions.company.update`), else the code. */
function actionLabel(action: string): string {
  const key = `admin.audit.actions.${action}`;
  return i18next.exists(key) ? (i18next.t as (key: string) => string)(key) : action;
}

/** Where the changed record lives in the admin area, if it has a page there. */
function recordHref(entry: AuditEntry): string | null {
  const id = Number(entry.entity_id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (entry.entity === 'company') return paths.admin.company.href(id);
  // A membership's id is the member's person id.
  if (entry.entity === 'user' || entry.entity === 'membership') return paths.admin.user.href(id);
  return null;
}

/** One change: when, who, what, which record, and its before/after. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const translate = t as unknown as (key: string) => string;
  const entityKey = `admin.audit.entities.${entry.entity}`;
  const entity = i18next.exists(entityKey) ? translate(entityKey) : entry.entity;
  const href = recordHref(entry);
  // Who acted, by name: a person, an API key (named as it was called then) or the system.
  const actor =
    entry.actor_kind === 'api_key'
      ? t('admin.audit.apiKey', { name: entry.actor_name ?? `#${entry.actor_key_id}` })
      : entry.actor_id
        ? entry.actor_name || entry.actor_email || `#${entry.actor_id}`
        : t('admin.audit.system');
  const record = entry.entity_name ?? (entry.entity_id && `#${entry.entity_id}`);

  return (
    <li className="list-group-item py-3">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
        <span className="badge text-bg-primary">{actionLabel(entry.action)}</span>
        <span>
          {entry.actor_kind === 'user' && entry.actor_id ? (
            <Link to={paths.admin.user.href(entry.actor_id)}>{actor}</Link>
          ) : (
            actor
          )}
        </span>
        <span className="text-body-secondary">·</span>
        <span>
          {entity} {record && (href ? <Link to={href}>{record}</Link> : <span>{record}</span>)}
        </span>
        {entry.company_id !== null && entry.entity !== 'company' && (
          <>
            <span className="text-body-secondary">·</span>
            <Link to={paths.admin.company.href(entry.company_id)}>
              {entry.company_name ?? t('admin.audit.companyRef', { id: entry.company_id })}
            </Link>
          </>
        )}
        <time className="ms-auto small text-body-secondary" dateTime={entry.created_at}>
          {format.dateTime(entry.created_at)}
        </time>
      </div>
      <AuditDiff before={entry.before} after={entry.after} />
    </li>
  );
}
