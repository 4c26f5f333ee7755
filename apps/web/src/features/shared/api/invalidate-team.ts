import type { QueryClient } from '@tanstack/react-query';

/** A team change shows in the team list, the admin pages and the person's own company list. */
export function invalidateTeam(queryClient: QueryClient, companyId: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['team', companyId] }),
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['me', 'companies'] }),
  ]).then(() => undefined);
}
