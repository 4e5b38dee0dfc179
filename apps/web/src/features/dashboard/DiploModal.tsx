import { campColor, type SortDirection, toggleDescFirst } from '@kingdom-stats/core';
import type { DiplomOverview, DiplomStats } from '@kingdom-stats/core/api';
import { useId, useMemo, useState } from 'react';
import { secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { ProgressBar } from '../../components/table/ProgressBar.tsx';
import { SortIndicator } from '../../components/table/SortIndicator.tsx';
import { shortNumber, utcDateTime } from '../../format.ts';
import { CampDot } from './summary-columns.tsx';

type KdColumn = 'kd' | 'power' | 't4_kills' | 't5_kills' | 'dead_troops' | 'healed_troops';
type CampSortKey = 'name' | 'power' | 'kills' | 'dead' | 'healed';

const KD_COLUMNS: readonly { key: KdColumn; label: string; color: string }[] = [
  { key: 'kd', label: 'KD', color: '' },
  { key: 'power', label: 'Power', color: '#3b82f6' },
  { key: 't4_kills', label: 'T4 Kills', color: '#06b6d4' },
  { key: 't5_kills', label: 'T5 Kills', color: '#eab308' },
  { key: 'dead_troops', label: 'Dead', color: '#ef4444' },
  { key: 'healed_troops', label: 'Healed', color: '#22c55e' },
];

export const CAMP_SORT_OPTIONS: readonly { key: CampSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'power', label: 'Power' },
  { key: 'kills', label: 'Kills' },
  { key: 'dead', label: 'Dead' },
  { key: 'healed', label: 'Healed' },
];

const EMPTY_STATS: DiplomStats = { power: 0, t4_kills: 0, t5_kills: 0, dead_troops: 0, healed_troops: 0 };

/** SPEC §3: total kills are T4 + T5 kills. */
function kills(stats: DiplomStats): number {
  return stats.t4_kills + stats.t5_kills;
}

function campValue(stats: DiplomStats, key: Exclude<CampSortKey, 'name'>): number {
  switch (key) {
    case 'power':
      return stats.power;
    case 'kills':
      return kills(stats);
    case 'dead':
      return stats.dead_troops;
    case 'healed':
      return stats.healed_troops;
  }
}

interface CampCard {
  name: string;
  total: DiplomStats;
  kingdoms: { kd: string; stats: DiplomStats }[];
}

export function campCards(overview: DiplomOverview): CampCard[] {
  return Object.entries(overview.camps).map(([name, entries]) => ({
    name,
    total: entries.total ?? EMPTY_STATS,
    kingdoms: Object.entries(entries)
      .filter(([kd]) => kd !== 'total')
      .map(([kd, stats]) => ({ kd, stats })),
  }));
}

export function sortCampCards(
  cards: readonly CampCard[],
  key: CampSortKey,
  direction: SortDirection,
): CampCard[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...cards].sort((a, b) => {
    const order =
      key === 'name'
        ? a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' })
        : campValue(a.total, key) - campValue(b.total, key);
    return sign * order || a.name.localeCompare(b.name);
  });
}

interface DiploModalProps {
  open: boolean;
  onClose: () => void;
  overview: DiplomOverview;
  campColors: ReadonlyMap<string, string>;
}

/** The Diplomatic Overview: each camp's kingdoms at the latest scan, to size up friends and enemies. */
export function DiploModal({ open, onClose, overview, campColors }: DiploModalProps) {
  const [campSort, setCampSort] = useState<CampSortKey>('power');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const sortId = useId();
  const cards = useMemo(
    () => sortCampCards(campCards(overview), campSort, direction),
    [overview, campSort, direction],
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title="Diplomatic Overview"
      description={
        <>
          Latest scan: <time data-testid="diplo-timestamp">{utcDateTime(overview.timestamp)}</time>
        </>
      }
      footer={
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={sortId} className="text-xs font-medium text-slate-400">
            Sort camps
          </label>
          <select
            id={sortId}
            className={selectClass}
            value={campSort}
            onChange={(event) => setCampSort(event.target.value as CampSortKey)}
          >
            {CAMP_SORT_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setDirection((current) => (current === 'asc' ? 'desc' : 'asc'))}
          aria-label={
            direction === 'asc'
              ? 'Sorted ascending, switch to descending'
              : 'Sorted descending, switch to ascending'
          }
        >
          <SortIndicator direction={direction} />
          {direction === 'asc' ? 'Ascending' : 'Descending'}
        </button>
      </div>
      {cards.length === 0 ? (
        <p className="py-8 text-center text-slate-400">No kingdom data available.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Camps">
          {cards.map((card) => (
            <CampCardView key={card.name} card={card} color={campColor(campColors, card.name)} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function CampCardView({ card, color }: { card: CampCard; color: string }) {
  const [sort, setSort] = useState<{ key: KdColumn; direction: SortDirection }>({
    key: 'power',
    direction: 'desc',
  });
  const max = useMemo(() => {
    const result: Partial<Record<KdColumn, number>> = {};
    for (const column of KD_COLUMNS) {
      if (column.key === 'kd') continue;
      result[column.key] = Math.max(
        0,
        ...card.kingdoms.map(({ stats }) => stats[column.key as keyof DiplomStats]),
      );
    }
    return result;
  }, [card]);
  const kingdoms = useMemo(() => {
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...card.kingdoms].sort((a, b) => {
      const order = sort.key === 'kd' ? Number(a.kd) - Number(b.kd) : a.stats[sort.key] - b.stats[sort.key];
      return sign * order || Number(a.kd) - Number(b.kd);
    });
  }, [card, sort]);

  return (
    <li
      className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950/60"
      style={{ boxShadow: `inset 0 3px 0 ${color}` }}
      data-camp-card={card.name}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h3 className="flex items-center gap-2 font-semibold tracking-wide text-white uppercase">
          <CampDot color={color} />
          {card.name.toUpperCase()}
        </h3>
        <div className="flex flex-wrap gap-1.5 text-xs">
          <Chip label="Power" value={shortNumber(card.total.power)} />
          <Chip label="Kills" value={shortNumber(kills(card.total))} />
          <Chip label="Dead" value={shortNumber(card.total.dead_troops)} />
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Kingdoms of {card.name}</caption>
          <thead>
            <tr>
              {KD_COLUMNS.map((column) => {
                const active = sort.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                    // The KD column stays in view while a card scrolls sideways on a phone (issue 14).
                    className={`border-y border-slate-800 bg-slate-900 p-0 text-left text-xs font-semibold text-slate-300 uppercase ${
                      column.key === 'kd' ? 'sticky start-0 z-10 shadow-[inset_-1px_0_0_rgb(30_41_59)]' : ''
                    }`}
                  >
                    <button
                      type="button"
                      onClick={() =>
                        setSort((current) => toggleDescFirst(current, column.key) as typeof current)
                      }
                      className="flex w-full items-center gap-1 px-2.5 py-2 uppercase hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
                    >
                      {column.label}
                      <SortIndicator direction={active ? sort.direction : undefined} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {kingdoms.map(({ kd, stats }) => (
              <tr key={kd} className="hover:bg-slate-800/40">
                {KD_COLUMNS.map((column) =>
                  column.key === 'kd' ? (
                    <th
                      key={column.key}
                      scope="row"
                      className="sticky start-0 z-[1] border-b border-slate-800/70 bg-slate-950 px-2.5 py-2 text-start font-semibold text-white tabular-nums shadow-[inset_-1px_0_0_rgb(30_41_59)]"
                    >
                      {kd}
                    </th>
                  ) : (
                    <td
                      key={column.key}
                      className="border-b border-slate-800/70 px-2.5 py-2"
                      title={stats[column.key].toLocaleString('en-US')}
                    >
                      <ProgressBar value={stats[column.key]} max={max[column.key]} color={column.color}>
                        {shortNumber(stats[column.key])}
                      </ProgressBar>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}

function Chip({ label, value }: { label: string; value: string }) {
  return (
    <span
      data-chip={label}
      className="inline-flex items-center gap-1 rounded-full border border-slate-700 bg-slate-900 px-2 py-0.5"
    >
      <span className="text-slate-400">{label}</span>
      <span className="font-semibold text-white tabular-nums">{value}</span>
    </span>
  );
}
