import { useMyCompanies } from './api/get-my-companies.ts';
import { useSession } from './session.ts';

/** Owners, admins and superusers manage a company's modules; members only read them. */
export function useCanManageCompany(companyId: number): boolean {
  const { user } = useSession();
  const companies = useMyCompanies({ limit: 100 });
  const role = companies.data?.items.find((item) => item.id === companyId)?.role ?? null;
  return Boolean(user?.is_admin) || role === 'owner' || role === 'admin';
}
