import type { GovernorDkp, GovernorResponse } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { ReviewMarkOf } from '../../components/table/ReviewMark.tsx';
import { fullNumber, signedNumber } from '../../format.ts';
import { type MessageId, translate, useT } from '../../i18n/i18n.ts';
import { dayRange, reachedPercent } from './format.ts';

/**
 * On a phone DKP, Reached and Rank are far to the right: the Period column stays put while the table scrolls
 * sideways, so a row's numbers are never read without knowing its season or war. Solid background (the card's
 * colour over the page) so the numbers pass under it.
 */
const STUCK =
  'sticky start-0 z-[1] bg-slate-900 shadow-[inset_-1px_0_0_rgb(30_41_59)] rtl:shadow-[inset_1px_0_0_rgb(30_41_59)]';

interface PeriodRow {
  key: string;
  label: string;
  dates: string;
  war: boolean;
  result: GovernorDkp | null;
  /** What the row counts, when it is not plain: a season whose wars are saved. */
  scope?: string;
}

// Cells are made while rendering (translate reads the current language then). Numbers are set left to right, so
// that a sign stays in front of its number in Arabic; the rank is a sentence of its language ('1 من 300').
const COLUMNS: { label: MessageId; cell: (r: GovernorDkp) => string; sentence?: true }[] = [
  { label: 'column.powerChange', cell: (r) => signedNumber(r.powerChange) },
  { label: 'column.t4Kills', cell: (r) => fullNumber(r.t4Kills) },
  { label: 'column.t5Kills', cell: (r) => fullNumber(r.t5Kills) },
  { label: 'column.kpT4T5', cell: (r) => fullNumber(r.killPoints) },
  { label: 'column.dead', cell: (r) => fullNumber(r.dead) },
  { label: 'column.healed', cell: (r) => fullNumber(r.healed) },
  { label: 'column.dkp', cell: (r) => fullNumber(r.dkp) },
  { label: 'governor.period.goal', cell: (r) => fullNumber(r.goal) },
  { label: 'governor.period.reached', cell: (r) => reachedPercent(r.reached) },
  {
    label: 'governor.period.rank',
    // A farm shown apart has no place: the KvK DKP table lists it after every main (docs/farms.md).
    cell: (r) =>
      r.rank === null
        ? translate('governor.period.farmUnranked')
        : translate('governor.period.rankOf', { rank: fullNumber(r.rank), ranked: fullNumber(r.ranked) }),
    sentence: true,
  },
];

/**
 * Each KvK season, followed by its wars: the governor's row of the KvK DKP table for that period (same numbers, same
 * order for the rank). '-' where the table has no row for the governor.
 */
export function PeriodResults({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const rows: PeriodRow[] = [];
  // Each season's wars are its own (War 1 of KvK 2 and War 1 of KvK 3 are two wars): placed by the object.
  const placed = new Set<GovernorResponse['wars'][number]>();
  for (const season of data.seasons) {
    const hasWars = data.wars.some((war) => war.start >= season.openTime && war.end <= season.closeTime);
    rows.push({
      key: `kvk-${season.kvkNumber}`,
      label: `KvK ${season.kvkNumber}`,
      dates: dayRange(season.openTime, season.closeTime),
      war: false,
      result: season.result,
      // A season with saved wars counts its wars' gains, while its dates and power change are the season's.
      ...(hasWars ? { scope: t('governor.period.seasonOfWars') } : {}),
    });
    for (const war of data.wars) {
      if (war.start < season.openTime || war.end > season.closeTime) continue;
      placed.add(war);
      rows.push({
        key: `kvk-${season.kvkNumber}-${war.name}`,
        label: war.name,
        dates: dayRange(war.start, war.end),
        war: true,
        result: war.result,
      });
    }
  }
  for (const war of data.wars.filter((w) => !placed.has(w))) {
    rows.push({
      key: war.name,
      label: war.name,
      dates: dayRange(war.start, war.end),
      war: true,
      result: war.result,
    });
  }
  if (rows.length === 0) {
    return (
      <Section id="kvk" title={t('governor.period.title')}>
        <p className="text-sm text-slate-400">{t('governor.period.none')}</p>
      </Section>
    );
  }
  return (
    <Section id="kvk" title={t('governor.period.title')} description={t('governor.period.description')}>
      <div className="-mx-3 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[56rem] text-end text-sm tabular-nums" data-testid="period-results">
          <thead className="text-xs text-slate-400">
            <tr>
              <th scope="col" className={`${STUCK} px-2 py-2 text-start font-medium`}>
                {t('governor.period.period')}
              </th>
              {COLUMNS.map((column) => (
                <th key={column.label} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                  {t(column.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {rows.map((row) => (
              <tr key={row.key} className={row.war ? 'text-slate-300' : 'text-slate-100'}>
                <th
                  scope="row"
                  className={`${STUCK} px-2 py-2 text-start font-medium whitespace-nowrap ${row.war ? 'ps-5' : ''}`}
                >
                  <span className="inline-flex items-center gap-1">
                    {row.label}
                    {/* Issue 36: gains that went down are unknown here, as on the KvK DKP table. */}
                    <ReviewMarkOf
                      mark={
                        row.result?.decreased
                          ? { underReview: [], corrected: [], decreased: row.result.decreased }
                          : undefined
                      }
                    />
                  </span>
                  <span className="block text-xs font-normal text-slate-400">{row.dates}</span>
                  {row.scope && (
                    <span
                      data-testid="period-scope"
                      className="block max-w-[14rem] text-xs font-normal whitespace-normal text-amber-200/80"
                    >
                      {row.scope}
                    </span>
                  )}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.label} className="px-2 py-2 whitespace-nowrap">
                    <span dir={column.sentence ? undefined : 'ltr'}>
                      {row.result ? column.cell(row.result) : '-'}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
