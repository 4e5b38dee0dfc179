import type { DiscordLink } from '@kingdom-stats/core/api';
import { useDecideDiscordLink, useDiscordSetupCode, useDiscordStatus } from '../../api/discord.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText } from './shared.ts';

/**
 * Kingdom Stats in Discord on the settings page (docs/discord.md): a one-time setup code for `/setup`, the servers
 * bound to the kingdom, and the governor claims waiting for a decision. Every sentence of it is in this file.
 */
export function DiscordSection({ kd }: { kd: number }) {
  const { t } = useT();
  const status = useDiscordStatus(String(kd));
  const makeCode = useDiscordSetupCode(String(kd));
  const decide = useDecideDiscordLink(String(kd));

  return (
    <Section id="discord" title="Discord" description={t('settings.discord.description')}>
      <div className="space-y-3">
        <p className="text-sm text-slate-300">{t('settings.discord.how')}</p>
        <button
          type="button"
          className={primaryButton}
          onClick={() => makeCode.mutate()}
          disabled={makeCode.isPending}
        >
          {makeCode.isPending ? t('settings.discord.making') : t('settings.discord.make')}
        </button>
        {makeCode.isError && (
          <Notice tone="error">{errorText(makeCode.error, t('settings.discord.makeFailed'))}</Notice>
        )}
        {makeCode.data && (
          <Notice tone="success">
            {t('settings.discord.code', {
              code: makeCode.data.code,
              time: formatUtc(makeCode.data.expiresAt),
            })}
          </Notice>
        )}
      </div>

      <div className="mt-6">
        {status.isPending ? (
          <p className="text-sm text-slate-400">{t('common.loading')}</p>
        ) : status.isError ? (
          <Notice tone="error">{errorText(status.error, t('settings.discord.loadFailed'))}</Notice>
        ) : (
          <>
            <p className="text-sm text-slate-300">
              {status.data.guilds.length === 0
                ? t('settings.discord.noServer')
                : t('settings.discord.bound', {
                    count: status.data.guilds.length,
                    n: fullNumber(status.data.guilds.length),
                    servers: status.data.guilds
                      .map((guild) =>
                        guild.announce === 'none'
                          ? t('settings.discord.serverQuiet', { id: guild.guildId })
                          : t('settings.discord.serverAnnounces', { id: guild.guildId, how: guild.announce }),
                      )
                      .join(', '),
                  })}
            </p>
            <h3 className="mt-4 text-sm font-semibold text-slate-100">{t('settings.discord.claims')}</h3>
            {status.data.pending.length === 0 ? (
              <p className="mt-1 text-sm text-slate-400">{t('settings.discord.noClaims')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-800" aria-label={t('settings.discord.claimsLabel')}>
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
                {errorText(decide.error, t('settings.discord.decideFailed'))}
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
  const { t } = useT();
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <span className="text-slate-100">
          {t('settings.discord.claim', { user: link.discordUsername, id: String(link.governorId) })}
        </span>
        <span className="text-slate-400">
          {' · '}
          <bdi>{formatUtc(link.requestedAt)}</bdi>
        </span>
        {link.contested && <span className="ms-2 text-amber-300">{t('settings.discord.contested')}</span>}
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className={primaryButton}
          disabled={props.busy}
          onClick={() => props.onDecide('approved')}
          aria-label={t('settings.discord.approveLabel', {
            user: link.discordUsername,
            id: String(link.governorId),
          })}
        >
          {t('settings.discord.approve')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={props.busy}
          onClick={() => props.onDecide('refused')}
          aria-label={t('settings.discord.refuseLabel', {
            user: link.discordUsername,
            id: String(link.governorId),
          })}
        >
          {t('settings.discord.refuse')}
        </button>
      </div>
    </li>
  );
}
