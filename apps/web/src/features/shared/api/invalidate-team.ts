import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A team change shows in the team list, the admin pages and the person's own company list. */
export const teamChangeKeys = (companyId: number): QueryKey[] => [
  ['team', companyId],
  ['admin'],
  ['me', 'companies'],
];

export function invalidateTeam(queryClient: QueryClient, companyId: number): Promise<void> {
  return Promise.all(
    teamChangeKeys(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
