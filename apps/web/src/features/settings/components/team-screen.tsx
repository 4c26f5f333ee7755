import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { TeamSection } from './team-section.tsx';

/**
 * `#/company/team`: the current company's people, a menu entry of its own for
 * owners and admins (it used to sit at the bottom of Settings). Members who
 * open the address see the list read-only, as before.
 */
export function TeamScreen() {
  const { t } = useTranslation();
  const { company } = useSession();
  const name = company.name ?? '';
  return (
    <>
      <PageHeader title={t('menu.team')} />
      {company.id !== null && <TeamSection companyId={company.id} companyName={name} />}
    </>
  );
}
