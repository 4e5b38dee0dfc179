import { campColor } from '@kingdom-stats/core';
import type { PlayerRow } from '@kingdom-stats/core/api';
import { Avatar } from '../../components/Avatar.tsx';
import type { DataColumn } from '../../components/table/DataTable.tsx';
import { FarmMark } from '../../components/table/FarmMark.tsx';
import { MarkButton } from '../../components/table/MarkButton.tsx';
import { CellReviewMark, ReviewMark } from '../../components/table/ReviewMark.tsx';
import { COLUMN_FIELDS } from '../../components/table/review-mark-scope.ts';
import { changeTone, fullNumber, percent, signedNumber, textOrDash, utcDateTime } from '../../format.ts';
import { translate } from '../../i18n/i18n.ts';
import { CompareToggle } from '../compare/CompareToggle.tsx';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { CampBadge } from './summary-columns.tsx';

type NumericField = {
  [K in keyof PlayerRow]: PlayerRow[K] extends number | null ? K : never;
}[keyof PlayerRow];

/** Stat columns that only some scanners report; shown when the page has a value in them. */
export const DYNAMIC_FIELDS: readonly NumericField[] = [
  'T1 Kills',
  'T2 Kills',
  'T3 Kills',
  'Kill Points Gained',
  'Rss Gathered',
  'Rss Assistance',
  'Alliance Helps',
];

/** What a column filter can test, with the operators that make sense for it. */
export const FILTERABLE_TEXT_FIELDS = ['Name', 'Alliance', 'Camp'] as const;
export const FILTERABLE_NUMBER_FIELDS: readonly NumericField[] = [
  'Gov ID' as NumericField,
  'KD' as NumericField,
  'Power',
  'Power Change',
  'Evolution',
  'T4 Kills',
  'T5 Kills',
  'KP (T4+T5)',
  'Dead',
  'Healed',
  'DKP',
  'Kill Points',
  'Death Points',
  'Heal Points',
  'Total Points',
  'Start Power',
  ...DYNAMIC_FIELDS,
];

/** The P beside a governor missing from the period's first or last scan; a tap or a hover gives the dates covered. */
export function PartialMark({ row }: { row: PlayerRow }) {
  if (row['Full Period']) return null;
  const text = translate('players.partialMark', {
    from: utcDateTime(row['First Scan']),
    to: utcDateTime(row['Last Scan']),
  });
  return (
    <MarkButton
      text={text}
      data={{ 'data-partial-period': 'true' }}
      className="inline-grid size-4 shrink-0 cursor-help place-items-center rounded-full bg-amber-400/15 text-[10px] font-bold text-amber-300 ring-1 ring-amber-400/40"
    >
      P
    </MarkButton>
  );
}

function numberColumn(
  field: NumericField,
  options: Partial<DataColumn<PlayerRow>> = {},
): DataColumn<PlayerRow> {
  return {
    id: field,
    header: field,
    align: 'right',
    sortable: true,
    cell: (row) =>
      COLUMN_FIELDS[field] === undefined ? (
        fullNumber(row[field])
      ) : (
        <span className="inline-flex items-center justify-end gap-1">
          <CellReviewMark governorId={row['Gov ID']} field={COLUMN_FIELDS[field]} />
          {fullNumber(row[field])}
        </span>
      ),
    ...options,
  };
}

/** The player table's columns; `offset` numbers the rows across pages. */
export function playerColumns(
  campColors: ReadonlyMap<string, string>,
  offset: number,
  dynamic: readonly NumericField[],
): DataColumn<PlayerRow>[] {
  return [
    {
      id: 'rank',
      header: '#',
      align: 'right',
      width: 48,
      cell: (_row, index) => <span className="text-slate-500 tabular-nums">{offset + index + 1}</span>,
    },
    {
      id: 'Name',
      header: 'Name',
      sortable: true,
      sticky: true,
      cell: (row) => (
        <span className="flex max-w-[9.5rem] items-center gap-2 sm:max-w-[16rem]">
          <Avatar name={row.Name} size="sm" />
          <span className="truncate font-medium text-white" title={row.Name} data-player-name="">
            <GovernorLink governorId={row['Gov ID']}>{textOrDash(row.Name)}</GovernorLink>
          </span>
          <PartialMark row={row} />
          <ReviewMark governorId={row['Gov ID']} />
          <FarmMark governorId={row['Gov ID']} />
          <CompareToggle governorId={row['Gov ID']} name={row.Name} />
        </span>
      ),
    },
    {
      id: 'Gov ID',
      header: 'Gov ID',
      align: 'right',
      sortable: true,
      cell: (row) => <span className="text-slate-400 tabular-nums">{row['Gov ID']}</span>,
    },
    {
      id: 'Alliance',
      header: 'Alliance',
      sortable: true,
      cell: (row) => <span className="text-slate-300">{textOrDash(row.Alliance)}</span>,
    },
    {
      id: 'Camp',
      header: 'Camp',
      sortable: true,
      cell: (row) =>
        row.Camp ? (
          <CampBadge camp={row.Camp} color={campColor(campColors, row.Camp)} full />
        ) : (
          textOrDash(null)
        ),
    },
    {
      id: 'KD',
      header: 'KD',
      align: 'right',
      sortable: true,
      cell: (row) => textOrDash(row.KD),
    },
    numberColumn('Power'),
    numberColumn('Power Change', {
      cell: (row) => (
        <span className={`tabular-nums ${changeTone(row['Power Change'])}`}>
          {signedNumber(row['Power Change'])}
        </span>
      ),
    }),
    numberColumn('Evolution', {
      title: translate('column.evolution.title'),
      cell: (row) => (
        <span className={`tabular-nums ${changeTone(row.Evolution)}`}>{percent(row.Evolution)}</span>
      ),
    }),
    numberColumn('T4 Kills'),
    numberColumn('T5 Kills'),
    numberColumn('KP (T4+T5)'),
    // Dead and DKP are what most readers come for: pinned to the right edge, in view without scrolling sideways.
    numberColumn('Dead', { pinEnd: true }),
    numberColumn('Healed'),
    numberColumn('DKP', { highlight: true, pinEnd: true }),
    numberColumn('Kill Points', { title: translate('column.killPoints.title') }),
    numberColumn('Death Points', { title: translate('column.deathPoints.title') }),
    numberColumn('Heal Points', { title: translate('column.healPoints.title') }),
    numberColumn('Total Points', { title: translate('column.totalPoints.title') }),
    numberColumn('Start Power', { title: translate('column.startPower.title') }),
    ...dynamic.map((field) => numberColumn(field)),
  ];
}

/** The dynamic columns that have at least one value on this page. */
export function presentDynamicFields(rows: readonly PlayerRow[]): NumericField[] {
  return DYNAMIC_FIELDS.filter((field) => rows.some((row) => row[field] !== null));
}
