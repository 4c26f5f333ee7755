import type { CustomerViews, ListColumn } from '@kontora/contract/customer-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerViewsKey, customerViewsPath } from './get-customer-views.ts';

/** Saves the person's columns; the cache takes them at once, so the table follows every click. */
export function useSetCustomerColumns(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: ListColumn[]) =>
      api.put<{ columns: ListColumn[] }>(`${customerViewsPath(companyId)}/columns`, { columns }),
    onMutate: async (columns) => {
      // A read still on its way (a live update refetches the CRM's queries) would bring back the
      // columns from before this click and undo it on screen.
      await queryClient.cancelQueries({ queryKey: customerViewsKey(companyId) });
      queryClient.setQueryData<CustomerViews>(customerViewsKey(companyId), (old) =>
        old ? { ...old, columns } : old,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: customerViewsKey(companyId) }),
  });
}
