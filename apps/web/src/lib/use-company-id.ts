import { useSession } from './session.ts';

/** The current company's id on company screens (the route guard has made sure there is one). */
export function useCompanyId(): number {
  const { company } = useSession();
  if (company.id === null) throw new Error('company screen without a current company');
  return company.id;
}
