import type { CustomerView, CustomerViewInput, CustomerViews } from '@kontora/contract/customer-views';
import type { DealView, DealViewInput, DealViews } from '@kontora/contract/deal-views';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Keyed } from '../../../lib/create-attempt.ts';
import { crmKeys } from './crm-keys.ts';

/**
 * Saved views and the person's columns of a record list, kept on the server: the customer
 * list's (`…/customer-views`) and the deal list's (`…/deal-views`), the same calls for both.
 */
type Lists = {
  customer: { view: CustomerView; views: CustomerViews; input: CustomerViewInput };
  deal: { view: DealView; views: DealViews; input: DealViewInput };
};
export type ListKind = keyof Lists;
export type ViewOf<K extends ListKind> = Lists[K]['view'];
export type ViewsOf<K extends ListKind> = Lists[K]['views'];
export type ViewInputOf<K extends ListKind> = Lists[K]['input'];
export type ColumnOf<K extends ListKind> = ViewOf<K>['columns'][number];

export const listViewsPath = (companyId: number, kind: ListKind) => `/companies/${companyId}/${kind}-views`;
export const listViewsKey = (companyId: number, kind: ListKind) =>
  [...crmKeys.all(companyId), kind === 'customer' ? 'views' : 'deal-views'] as const;

/** The person's own and the company's shared saved views, and the person's columns. */
export const listViewsOptions = <K extends ListKind>(companyId: number, kind: K) =>
  queryOptions({
    queryKey: listViewsKey(companyId, kind),
    queryFn: ({ signal }) => api.get<ViewsOf<K>>(listViewsPath(companyId, kind), { signal }),
    staleTime: 60_000,
  });

export function useListViewsQuery<K extends ListKind>(companyId: number, kind: K) {
  return useQuery(listViewsOptions(companyId, kind));
}

export function useCreateListView<K extends ListKind>(companyId: number, kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<ViewInputOf<K>>) =>
      api.post<ViewOf<K>>(listViewsPath(companyId, kind), body, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listViewsKey(companyId, kind) }),
  });
}

export function useDeleteListView(companyId: number, kind: ListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${listViewsPath(companyId, kind)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listViewsKey(companyId, kind) }),
  });
}

/** Saves the person's columns; the cache takes them at once, so the table follows every click. */
export function useSetListColumns<K extends ListKind>(companyId: number, kind: K) {
  const queryClient = useQueryClient();
  const key = listViewsKey(companyId, kind);
  return useMutation({
    mutationFn: (columns: ColumnOf<K>[]) =>
      api.put<{ columns: ColumnOf<K>[] }>(`${listViewsPath(companyId, kind)}/columns`, { columns }),
    onMutate: async (columns) => {
      // A read still on its way (a live update refetches the CRM's queries) would bring back the
      // columns from before this click and undo it on screen.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ViewsOf<K>>(key, (old) => (old ? { ...old, columns } : old));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
