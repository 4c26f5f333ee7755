import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the social screens; every mutation invalidates the company's whole social tree. */
export const socialKeys = {
  all: (companyId: number) => ['social', companyId] as const,
  accounts: (companyId: number) => ['social', companyId, 'accounts'] as const,
  posts: (companyId: number, filters: Record<string, string>) =>
    ['social', companyId, 'posts', filters] as const,
  post: (companyId: number, id: number) => ['social', companyId, 'post', id] as const,
  types: () => ['social-integration-types'] as const,
};

export const socialPath = (companyId: number) => `/companies/${companyId}/social`;

export function invalidateSocial(queryClient: QueryClient, companyId: number) {
  return queryClient.invalidateQueries({ queryKey: socialKeys.all(companyId) });
}
