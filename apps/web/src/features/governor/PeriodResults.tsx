import { formatInteger } from '@kingdom-stats/core';
import type { GovernorDkp, GovernorResponse } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { ReviewMarkOf } from '../../components/table/ReviewMark.tsx';
import { formatPercent, formatSigned } from '../kd-dashboard/format.ts';
import { dayRange } from './format.ts';

/**
 * On a phone DKP, Reached and Rank are far to the right: the Period column stays put while the table scrolls
 * sideways, so a row's numbers are never read without knowing its season or war. Solid background (the card's
 * colour over the page) so the numbers pass under it.
 */
const STUCK = 'sticky left-0 z-[1] bg-slate-900 shadow-[inset_-1px_0_0_rgb(30_41_59)]';

interface PeriodRow {
  key: string;
  label: string;
  dates: string;
  war: boolean;
  result: GovernorDkp | null;
}

const COLUMNS: { label: string; cell: (r: GovernorDkp) => string }[] = [
  { label: 'Power change', cell: (r) => formatSigned(r.powerChange) },
  { label: 'T4 kills', cell: (r) => formatInteger(r.t4Kills) },
  { label: 'T5 kills', cell: (r) => formatInteger(r.t5Kills) },
  { label: 'T4+T5 KP', cell: (r) => formatInteger(r.killPoints) },
  { label: 'Dead', cell: (r) => formatInteger(r.dead) },
  { label: 'Healed', cell: (r) => formatInteger(r.healed) },
  { label: 'DKP', cell: (r) => formatInteger(r.dkp) },
  { label: 'Goal', cell: (r) => formatInteger(r.goal) },
  { label: 'Reached', cell: (r) => formatPercent(r.reached) },
  { label: 'Rank', cell: (r) => `${r.rank} of ${r.ranked}` },
];

/**
 * Each KvK season, followed by its wars: the governor's row of the KvK DKP table for that period (same numbers, same
 * order for the rank). '-' where the table has no row for the governor.
 */
export function PeriodResults({ data }: { data: GovernorResponse }) {
  const rows: PeriodRow[] = [];
  const placed = new Set<string>();
  for (const season of data.seasons) {
    rows.push({
      key: `kvk-${season.kvkNumber}`,
      label: `KvK ${season.kvkNumber}`,
      dates: dayRange(season.openTime, season.closeTime),
      war: false,
      result: season.result,
    });
    for (const war of data.wars) {
      if (war.start < season.openTime || war.end > season.closeTime) continue;
      placed.add(war.name);
      rows.push({
        key: war.name,
        label: war.name,
        dates: dayRange(war.start, war.end),
        war: true,
        result: war.result,
      });
    }
  }
  for (const war of data.wars.filter((w) => !placed.has(w.name))) {
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
      <Section id="kvk" title="KvK seasons and wars">
        <p className="text-sm text-slate-400">This kingdom has no KvK seasons or wars set.</p>
      </Section>
    );
  }
  return (
    <Section
      id="kvk"
      title="KvK seasons and wars"
      description="The governor's row of the KvK DKP table for each period"
    >
      <div className="-mx-3 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[56rem] text-right text-sm tabular-nums" data-testid="period-results">
          <thead className="text-xs text-slate-400">
            <tr>
              <th scope="col" className={`${STUCK} px-2 py-2 text-left font-medium`}>
                Period
              </th>
              {COLUMNS.map((column) => (
                <th key={column.label} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {rows.map((row) => (
              <tr key={row.key} className={row.war ? 'text-slate-300' : 'text-slate-100'}>
                <th
                  scope="row"
                  className={`${STUCK} px-2 py-2 text-left font-medium whitespace-nowrap ${row.war ? 'pl-5' : ''}`}
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
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.label} className="px-2 py-2 whitespace-nowrap">
                    {row.result ? column.cell(row.result) : '-'}
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
