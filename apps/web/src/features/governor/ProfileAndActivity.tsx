import type { GovernorProfileKey, GovernorResponse } from '@kingdom-stats/core/api';
import { GOVERNOR_PROFILE_KEYS } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber } from '../../format.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';

const PROFILE_LABELS: Record<GovernorProfileKey, MessageId> = {
  town_hall: 'governor.profile.cityHall',
  troop_power: 'governor.profile.troopPower',
  tech_power: 'governor.profile.techPower',
  building_power: 'governor.profile.buildingPower',
  commander_power: 'governor.profile.commanderPower',
  civilization: 'governor.profile.civilization',
  kvk_played: 'governor.profile.kvkPlayed',
  kvk_kills_high: 'governor.profile.mostKvkKill',
  kvk_deads_high: 'governor.profile.mostKvkDead',
  kvk_severely_wounds_high: 'governor.profile.mostKvkHeal',
  aoo_joined: 'governor.profile.aooJoined',
  aoo_won: 'governor.profile.aooWon',
  aoo_avg_kill: 'governor.profile.aooAvgKill',
  aoo_avg_dead: 'governor.profile.aooAvgDead',
  aoo_avg_heal: 'governor.profile.aooAvgHeal',
  credit: 'governor.profile.credit',
};

/**
 * What a newer scanner reads on the profile (the latest scan's city hall, power split, civilization, KvK bests, Ark
 * of Osiris, conduct) and the weekly alliance activity sheets (issue 37); each shown only when there is some.
 */
export function ProfileAndActivity({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const { profile, allianceActivity } = data;
  if (!profile && !allianceActivity) return null;
  return (
    <div className="grid grid-cols-1 gap-4">
      {profile && (
        <Section
          id="profile"
          title={t('governor.profile.title')}
          description={t('governor.profile.description')}
        >
          <dl
            className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-8"
            data-testid="governor-profile"
          >
            {GOVERNOR_PROFILE_KEYS.filter((key) => profile[key] !== undefined).map((key) => {
              const value = profile[key]!;
              return (
                <div key={key} className="min-w-0">
                  <dt className="text-xs text-slate-400">{t(PROFILE_LABELS[key])}</dt>
                  <dd className="font-semibold break-words text-white tabular-nums">
                    <bdi>{typeof value === 'number' ? fullNumber(value) : value}</bdi>
                  </dd>
                </div>
              );
            })}
          </dl>
        </Section>
      )}
      {allianceActivity && (
        <Section id="alliance-activity" title={t('governor.activity.title')}>
          <div className="-mx-3 overflow-x-auto sm:mx-0">
            <table
              className="w-full min-w-[40rem] text-end text-sm tabular-nums"
              data-testid="alliance-activity"
            >
              <thead className="text-xs text-slate-400">
                <tr>
                  <th scope="col" className="px-2 py-2 text-start font-medium whitespace-nowrap">
                    {t('governor.activity.week')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t('column.alliance')}
                  </th>
                  {(
                    [
                      'column.power',
                      'column.killPoints',
                      'governor.activity.helpTimes',
                      'governor.activity.rssTrading',
                      'governor.activity.building',
                      'governor.activity.techDonation',
                    ] as const
                  ).map((label) => (
                    <th key={label} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                      {t(label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {allianceActivity.map((week) => (
                  <tr key={week.weekStart} className="border-t border-slate-800">
                    <td className="px-2 py-2 text-start whitespace-nowrap text-slate-300">
                      {week.weekStart}
                    </td>
                    <td className="px-2 py-2 text-start text-slate-100">
                      <bdi>{week.alliance ?? '-'}</bdi>
                    </td>
                    {[
                      week.power,
                      week.killPoints,
                      week.helpTimes,
                      week.rssTrading,
                      week.building,
                      week.techDonation,
                    ].map((value, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                      <td key={i} className="px-2 py-2 whitespace-nowrap text-slate-100">
                        {fullNumber(value)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      )}
    </div>
  );
}
