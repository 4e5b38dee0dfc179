import type { GovernorResponse } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';

/**
 * The Discord users an admin approved as the governor's player (`/link`, docs/discord.md). Nothing is shown for a
 * governor nobody linked. Every sentence of it is in this file.
 */
export function DiscordPlayers({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const players = data.discordPlayers ?? [];
  if (players.length === 0) return null;
  return (
    <Section id="discord-players" title="Discord" description={t('governor.discord.description')}>
      <ul className="space-y-1 text-sm text-slate-200" aria-label={t('governor.discord.players')}>
        {players.map((name) => (
          <li key={name} className="break-all">
            {name}
          </li>
        ))}
      </ul>
    </Section>
  );
}
