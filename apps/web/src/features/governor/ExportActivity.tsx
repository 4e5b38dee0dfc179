import type { ExportActivity as Activity, GovernorResponse } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * What the game's own member exports say the governor did between their first and last day (issue 37): counts over
 * those days, never totals at one moment, so they are shown apart from the scans' charts. Absent without exports.
 */
export function ExportActivity({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  const exports = data.exportActivity ?? [];
  if (exports.length === 0) return null;
  const figures = (row: Activity): [string, number | null][] => [
    [t('column.killPoints'), row.killPoints],
    [t('column.t5Kills'), row.t5Kills],
    [t('column.t4Kills'), row.t4Kills],
    [t('mark.field.t5Dead'), row.t5Dead],
    [t('mark.field.t4Dead'), row.t4Dead],
    [t('column.rssGathered'), row.rssGathered],
    [t('column.allianceHelps'), row.helps],
    [t('column.power'), row.power],
  ];
  return (
    <Section
      id="export-activity"
      title={t('governor.exports.title')}
      description={t('governor.exports.description')}
    >
      <ol className="flex flex-col gap-3">
        {[...exports].reverse().map((row) => (
          <li
            key={row.exportId}
            data-export-id={row.exportId}
            className="rounded-lg border border-slate-800 p-3"
          >
            <p className="mb-2 text-sm font-medium text-slate-200">
              <span className="tabular-nums">
                {t('governor.exports.dates', { from: row.from, to: row.to })}
              </span>
              <span className="ms-2 text-slate-400">
                <bdi>{t('governor.exports.asNamed', { name: row.name })}</bdi>
              </span>
            </p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4 lg:grid-cols-8">
              {figures(row).map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="truncate text-xs text-slate-400" title={label}>
                    {label}
                  </dt>
                  <dd className="font-semibold text-white tabular-nums">{fullNumber(value)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </Section>
  );
}
