import {
  discordLinkSchema,
  discordSetupCodeResponseSchema,
  discordStatusResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, segment } from './client.ts';

/** The settings page's Discord calls (docs/discord.md). */
const discordKey = (kd: string) => ['admin-kingdoms', kd, 'discord'] as const;

export function useDiscordStatus(kd: string) {
  return useQuery({
    queryKey: discordKey(kd),
    queryFn: ({ signal }) =>
      apiGet(`/admin/kingdoms/${segment(kd)}/discord`, { signal, schema: discordStatusResponseSchema }),
  });
}

export function useDiscordSetupCode(kd: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost(`/admin/kingdoms/${segment(kd)}/discord/setup-code`, undefined, {
        schema: discordSetupCodeResponseSchema,
      }),
    // Not awaited: the code shows at once; Recent changes catch up.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-kingdoms', kd] });
    },
  });
}

export function useDecideDiscordLink(kd: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approved' | 'refused' }) =>
      apiPost(
        `/admin/kingdoms/${segment(kd)}/discord/links/${input.id}`,
        { decision: input.decision },
        { schema: discordLinkSchema },
      ),
    // The kingdom's page too: its Recent changes list the decision.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-kingdoms', kd] }),
  });
}
