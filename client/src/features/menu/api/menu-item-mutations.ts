import type { MenuItem, MenuItemCreateInput, MenuItemUpdateInput } from '@shared/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** A menu-item mutation that refetches the truck's menu once it succeeds. */
function useMenuMutation<TVars, TResult>(truckId: number, mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.menu(truckId) }),
  });
}

/** POST /api/menu-items */
export function useCreateMenuItem(truckId: number) {
  return useMenuMutation(truckId, (input: MenuItemCreateInput) => apiJson<MenuItem>('POST', '/api/menu-items', input));
}

/** PUT /api/menu-items/:id — the fields, or only `available`. */
export function useUpdateMenuItem(truckId: number) {
  return useMenuMutation(truckId, ({ id, input }: { id: number; input: MenuItemUpdateInput }) =>
    apiJson<MenuItem>('PUT', `/api/menu-items/${id}`, input),
  );
}

/** DELETE /api/menu-items/:id */
export function useDeleteMenuItem(truckId: number) {
  return useMenuMutation(truckId, (id: number) => apiJson<unknown>('DELETE', `/api/menu-items/${id}`));
}

/** PUT /api/menu-items/:id/image */
export function useUpdateMenuItemImage(truckId: number) {
  return useMenuMutation(truckId, ({ id, imageURL }: { id: number; imageURL: string }) =>
    apiJson<MenuItem>('PUT', `/api/menu-items/${id}/image`, { imageURL }),
  );
}
