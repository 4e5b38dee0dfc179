import { deleteKingdomResponseSchema } from '@kingdom-stats/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKingdomKeys } from './admin-kingdoms.ts';
import { apiRequest, segment } from './client.ts';

/** DELETE /admin/kingdoms/{kd} (superadmins): the kingdom and all its data; the body repeats the typed kd. */
export function useDeleteKingdom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kd: number) =>
      apiRequest(`/admin/kingdoms/${segment(kd)}`, {
        method: 'DELETE',
        body: { confirmKd: kd },
        schema: deleteKingdomResponseSchema,
      }),
    onSuccess: (_answer, kd) => {
      queryClient.removeQueries({ queryKey: [...adminKingdomKeys.list, String(kd)] });
      return queryClient.invalidateQueries({ queryKey: adminKingdomKeys.list, exact: true });
    },
  });
}
