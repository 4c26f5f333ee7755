import type { AdminCompany } from '@kontora/contract/admin';
import type { CompanyRole } from '@kontora/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useInviteMember } from '../../shared/api/invite-member.ts';
import { AddMemberDialog } from '../../shared/components/add-member-dialog.tsx';
import { MembersTable } from '../../shared/components/members-table.tsx';
import { PendingInvitations } from '../../shared/components/pending-invitations.tsx';
import { useChangeCompanyMemberRole } from '../api/change-company-member-role.ts';
import { useRemoveCompanyMember } from '../api/remove-company-member.ts';

const ALL_ROLES: CompanyRole[] = ['owner', 'admin', 'member'];

/**
 * A company's members for superusers: invite a person by email (they join by
 * accepting, decision 011; a person can be added directly from their own page),
 * change roles, remove after confirming.
 */
export function CompanyMembersCard({ company }: { company: AdminCompany }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const invite = useInviteMember(company.id);
  const changeRole = useChangeCompanyMemberRole(company.id);
  const remove = useRemoveCompanyMember(company.id);

  return (
    <section className="card kt-card mb-4" aria-labelledby="company-members">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 className="h5 mb-0" id="company-members">
            {t('admin.company.members')}
          </h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            {t('team.add')}
          </button>
        </div>
        {company.members.length === 0 ? (
          <p className="mb-0 text-body-secondary">{t('team.none')}</p>
        ) : (
          <MembersTable
            members={company.members}
            companyName={company.name}
            canManage={() => true}
            assignableRoles={ALL_ROLES}
            onChangeRole={(member, role) => changeRole.mutateAsync({ userId: member.user_id, role })}
            onRemove={(member) => remove.mutateAsync(member.user_id)}
            personHref={(member) => paths.admin.user.href(member.user_id)}
          />
        )}
        <PendingInvitations companyId={company.id} assignableRoles={ALL_ROLES} />
      </div>
      <AddMemberDialog
        open={adding}
        onClose={() => setAdding(false)}
        companyName={company.name}
        assignableRoles={ALL_ROLES}
        onAdd={invite.mutateAsync}
      />
    </section>
  );
}
