import type { CompanyRole } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useCompanyRole } from '../../../lib/api/get-my-companies.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useTeam } from '../../shared/api/get-team.ts';
import { useInviteMember } from '../../shared/api/invite-member.ts';
import { AddMemberDialog } from '../../shared/components/add-member-dialog.tsx';
import { MembersTable } from '../../shared/components/members-table.tsx';
import { PendingInvitations } from '../../shared/components/pending-invitations.tsx';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useRemoveMember } from '../api/remove-member.ts';

/** The viewer's power over the current company's team: superusers and owners all, admins all but owners. */
function useTeamPowers(companyId: number) {
  const { user } = useSession();
  const { role, isSuccess } = useCompanyRole(companyId);
  const isSuperuser = Boolean(user?.is_admin);
  const full = isSuperuser || role === 'owner';
  const canManage = full || role === 'admin';
  const assignableRoles: CompanyRole[] = full ? ['owner', 'admin', 'member'] : ['admin', 'member'];
  return {
    known: isSuperuser || isSuccess,
    canManage,
    assignableRoles: canManage ? assignableRoles : [],
    canTouch: (member: Member) => full || (canManage && member.role !== 'owner'),
  };
}

/**
 * The team of the current company (`#/company/team`): owners and admins
 * invite people by email (they join by accepting), see and re-send or revoke
 * pending invitations, change roles and remove members; members see the list.
 */
export function TeamSection({ companyId, companyName }: { companyId: number; companyName: string }) {
  const { t } = useTranslation();
  const team = useTeam(companyId);
  const powers = useTeamPowers(companyId);
  const invite = useInviteMember(companyId);
  const changeRole = useChangeMemberRole(companyId);
  const remove = useRemoveMember(companyId);
  const [adding, setAdding] = useState(false);

  return (
    <section className="card kt-card mb-4" aria-labelledby="team-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-1">
          <h2 className="h5 mb-0" id="team-title">
            {t('team.title', { company: companyName })}
          </h2>
          {powers.canManage && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
              {t('team.add')}
            </button>
          )}
        </div>
        <p className="text-body-secondary small">
          {powers.known && !powers.canManage ? t('team.readOnly') : t('team.intro')}
        </p>
        {team.isPending ? (
          <PageSpinner />
        ) : team.isError ? (
          <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
            <span>{errorMessage(t, team.error)}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => void team.refetch()}
            >
              {t('common.retry')}
            </button>
          </div>
        ) : team.data.items.length === 0 ? (
          <p className="mb-0">{t('team.none')}</p>
        ) : (
          <MembersTable
            members={team.data.items}
            companyName={companyName}
            canManage={powers.canTouch}
            assignableRoles={powers.assignableRoles}
            onChangeRole={(member, role) => changeRole.mutateAsync({ userId: member.user_id, role })}
            onRemove={(member) => remove.mutateAsync(member.user_id)}
          />
        )}
        {powers.canManage && (
          <PendingInvitations companyId={companyId} assignableRoles={powers.assignableRoles} />
        )}
      </div>
      <AddMemberDialog
        open={adding}
        onClose={() => setAdding(false)}
        companyName={companyName}
        assignableRoles={powers.assignableRoles}
        onAdd={invite.mutateAsync}
      />
    </section>
  );
}
