import type { ApprovalPreview } from '@kontora/contract/social-approval';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const approvalPath = (token: string) => `/social/approvals/${encodeURIComponent(token)}`;
export const approvalKey = (token: string) => ['social-approval', token] as const;

export function getApproval(token: string): Promise<ApprovalPreview> {
  return api.get(approvalPath(token));
}

/** The public approval page's post; a refused link (404/409/410) is an answer to show, not to retry. */
export const approvalQueryOptions = (token: string) =>
  queryOptions({ queryKey: approvalKey(token), queryFn: () => getApproval(token), retry: false });

export function useApproval(token: string) {
  return useQuery(approvalQueryOptions(token));
}
