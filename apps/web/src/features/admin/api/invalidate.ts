import type { QueryClient } from '@tanstack/react-query';

/**
 * After an admin change: every admin list and page, the person's own company
 * list (names, roles, modules), the team lists and the company-modules cache
 * (menus) may show something else now.
 */
export function invalidateAdmin(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['me', 'companies'] }),
    queryClient.invalidateQueries({ queryKey: ['team'] }),
    queryClient.invalidateQueries({ queryKey: ['company-modules'] }),
  ]).then(() => undefined);
}
