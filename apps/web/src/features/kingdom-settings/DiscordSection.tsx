import type { DiscordLink } from '@kingdom-stats/core/api';
import { useDecideDiscordLink, useDiscordSetupCode, useDiscordStatus } from '../../api/discord.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText } from './shared.ts';

/**
 * Kingdom Stats in Discord on the settings page (docs/discord.md): a one-time setup code for `/setup`, the servers
 * bound to the kingdom, and the governor claims waiting for a decision. Every sentence of it is in this file.
 */
export function DiscordSection({ kd }: { kd: number }) {
  const status = useDiscordStatus(String(kd));
  const makeCode = useDiscordSetupCode(String(kd));
  const decide = useDecideDiscordLink(String(kd));

  return (
    <Section
      id="discord"
      title="Discord"
      description="Answer /stats, /top and /kvk in your kingdom's Discord server, and approve players' governor links."
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-300">
          Make a one-time code, then in your server a member who may manage it runs{' '}
          <span className="font-mono text-slate-100">/setup code:&lt;code&gt;</span>. The code works once, for
          one hour.
        </p>
        <button
          type="button"
          className={primaryButton}
          onClick={() => makeCode.mutate()}
          disabled={makeCode.isPending}
        >
          {makeCode.isPending ? 'Making...' : 'Make a setup code'}
        </button>
        {makeCode.isError && (
          <Notice tone="error">{errorText(makeCode.error, 'Failed to make a setup code')}</Notice>
        )}
        {makeCode.data && (
          <Notice tone="success">
            Setup code: <span className="select-all font-mono text-base">{makeCode.data.code}</span> (until{' '}
            {formatUtc(makeCode.data.expiresAt)})
          </Notice>
        )}
      </div>

      <div className="mt-6">
        {status.isPending ? (
          <p className="text-sm text-slate-400">Loading...</p>
        ) : status.isError ? (
          <Notice tone="error">{errorText(status.error, 'Failed to load the Discord settings')}</Notice>
        ) : (
          <>
            <p className="text-sm text-slate-300">
              {status.data.guilds.length === 0
                ? 'No Discord server is bound to this kingdom yet.'
                : `Bound to ${status.data.guilds.length === 1 ? 'one Discord server' : `${status.data.guilds.length} Discord servers`}: ${status.data.guilds
                    .map(
                      (guild) =>
                        `${guild.guildId} (${guild.announce === 'none' ? 'no announcements' : `announces by ${guild.announce}`})`,
                    )
                    .join(', ')}.`}
            </p>
            <h3 className="mt-4 text-sm font-semibold text-slate-100">Claims waiting</h3>
            {status.data.pending.length === 0 ? (
              <p className="mt-1 text-sm text-slate-400">No governor claims wait for a decision.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-800" aria-label="Governor claims waiting">
                {status.data.pending.map((link) => (
                  <ClaimRow
                    key={link.id}
                    link={link}
                    busy={decide.isPending && decide.variables?.id === link.id}
                    onDecide={(decision) => decide.mutate({ id: link.id, decision })}
                  />
                ))}
              </ul>
            )}
            {decide.isError && (
              <Notice tone="error" className="mt-3">
                {errorText(decide.error, 'Failed to save the decision')}
              </Notice>
            )}
          </>
        )}
      </div>
    </Section>
  );
}

function ClaimRow(props: {
  link: DiscordLink;
  busy: boolean;
  onDecide: (decision: 'approved' | 'refused') => void;
}) {
  const { link } = props;
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <span className="text-slate-100">{link.discordUsername}</span>
        <span className="text-slate-400"> claims governor </span>
        <span className="font-mono text-slate-100">{link.governorId}</span>
        <span className="text-slate-400"> · {formatUtc(link.requestedAt)}</span>
        {link.contested && <span className="ml-2 text-amber-300">Another user claims it too</span>}
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className={primaryButton}
          disabled={props.busy}
          onClick={() => props.onDecide('approved')}
          aria-label={`Approve ${link.discordUsername}'s claim on ${link.governorId}`}
        >
          Approve
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={props.busy}
          onClick={() => props.onDecide('refused')}
          aria-label={`Refuse ${link.discordUsername}'s claim on ${link.governorId}`}
        >
          Refuse
        </button>
      </div>
    </li>
  );
}
