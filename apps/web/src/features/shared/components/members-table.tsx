import { COMPANY_ROLES, type CompanyRole } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText } from '../../../lib/server-problems.ts';
import { useSession } from '../../../lib/session.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

type MembersTableProps = {
  members: readonly Member[];
  companyName: string;
  /** Whether the viewer may change this member (owners only by owners and superusers). */
  canManage: (member: Member) => boolean;
  /** The roles the viewer may give. */
  assignableRoles: readonly CompanyRole[];
  onChangeRole: (member: Member, role: CompanyRole) => Promise<unknown>;
  onRemove: (member: Member) => Promise<unknown>;
  /** A link to the person (admin pages), else the name alone. */
  personHref?: (member: Member) => string;
};

/**
 * A company's members with their roles. Managers change a role in place (saved
 * at once) and remove a member after confirming; a refusal (the last owner…)
 * shows above the table.
 */
export function MembersTable(props: MembersTableProps) {
  const { members, companyName, canManage, assignableRoles, onChangeRole, onRemove, personHref } = props;
  const { t } = useTranslation();
  const format = useFormatters();
  const { user } = useSession();
  const [problem, setProblem] = useState<unknown>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeError, setRemoveError] = useState<unknown>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  // The company's only owner can neither be demoted nor removed (the server refuses it: 409 last_owner),
  // so neither is offered; another member must become owner first.
  const ownerCount = members.filter((member) => member.role === 'owner').length;
  const isSoleOwner = (member: Member) => member.role === 'owner' && ownerCount === 1;
  const mayChange = (member: Member) => canManage(member) && !isSoleOwner(member);
  const anyManageable = members.some(mayChange);

  const changeRole = async (member: Member, role: CompanyRole) => {
    setProblem(null);
    setPendingId(member.user_id);
    try {
      await onChangeRole(member, role);
      notify('success', t('team.roleChanged', { name: member.full_name, role: t(`roles.${role}`) }));
    } catch (error) {
      setProblem(error);
    } finally {
      setPendingId(null);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await onRemove(removing);
      notify('success', t('team.removed', { name: removing.full_name }));
      setRemoving(null);
    } catch (error) {
      setRemoveError(error);
    } finally {
      setRemoveBusy(false);
    }
  };

  const problemMessage = problemText(t, problem);
  return (
    <>
      {problemMessage && <FormAlert kind="danger">{problemMessage}</FormAlert>}
      {/* Focusable: on a phone the table scrolls sideways, and a row without controls gives the keyboard no other way in. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <section className="table-responsive" aria-label={t('team.tableLabel')} tabIndex={0}>
        <table className="table table-hover align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('team.columns.name')}</th>
              <th scope="col">{t('team.columns.status')}</th>
              <th scope="col">{t('team.columns.role')}</th>
              <th scope="col">{t('team.columns.joined')}</th>
              {anyManageable && (
                <th scope="col">
                  <span className="visually-hidden">{t('team.columns.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const manageable = mayChange(member);
              const name = member.full_name || member.email;
              const roles = COMPANY_ROLES.filter((r) => r === member.role || assignableRoles.includes(r));
              return (
                <tr key={member.user_id}>
                  <td>
                    <div className="fw-semibold">
                      {personHref ? <Link to={personHref(member)}>{name}</Link> : name}
                      {member.user_id === user?.id && (
                        <span className="text-body-secondary fw-normal"> {t('team.you')}</span>
                      )}
                    </div>
                    <div className="small text-body-secondary">{member.email}</div>
                  </td>
                  <td>
                    <UserStatusBadge status={member.status} />
                  </td>
                  <td>
                    {manageable ? (
                      <select
                        className="form-select form-select-sm w-auto"
                        aria-label={t('team.roleOf', { name })}
                        value={member.role}
                        disabled={pendingId === member.user_id}
                        aria-busy={pendingId === member.user_id}
                        onChange={(event) => void changeRole(member, event.target.value as CompanyRole)}
                      >
                        {roles.map((role) => (
                          <option key={role} value={role}>
                            {t(`roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <>
                        <span className="badge text-bg-light border">{t(`roles.${member.role}`)}</span>
                        {canManage(member) && isSoleOwner(member) && (
                          <div className="small text-body-secondary mt-1">{t('team.onlyOwner')}</div>
                        )}
                      </>
                    )}
                  </td>
                  <td className="text-nowrap">{format.date(member.created_at)}</td>
                  {anyManageable && (
                    <td className="text-end">
                      {manageable && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={t('team.removeLabel', { name })}
                          onClick={() => {
                            setRemoveError(null);
                            setRemoving(member);
                          }}
                        >
                          {t('team.remove')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={t('team.removeTitle', { name: removing?.full_name || removing?.email || '' })}
        confirmLabel={t('team.remove')}
        danger
        busy={removeBusy}
        error={problemText(t, removeError)}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        <p className="mb-0">
          {t('team.removeText', { name: removing?.full_name || removing?.email || '', company: companyName })}
        </p>
      </ConfirmDialog>
    </>
  );
}
