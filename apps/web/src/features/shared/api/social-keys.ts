import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the social screens and the dashboard's social widget; every
 * mutation, and another person's post or account change on the live socket,
 * invalidates the company's whole social tree. The media library has its own
 * tree (social-media-keys.ts).
 */
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
