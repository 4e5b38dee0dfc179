import { campColor, type SortDirection, toggleDescFirst } from '@kingdom-stats/core';
import type { DiplomOverview, DiplomStats } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { useId, useMemo, useState } from 'react';
import { secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { ProgressBar } from '../../components/table/ProgressBar.tsx';
import { SortIndicator } from '../../components/table/SortIndicator.tsx';
import { fullNumber, shortNumber, utcDateTime } from '../../format.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { CampDot } from './summary-columns.tsx';

type KdColumn = 'kd' | 'power' | 't4_kills' | 't5_kills' | 'dead_troops' | 'healed_troops';
type CampSortKey = 'name' | 'power' | 'kills' | 'dead' | 'healed';

const KD_COLUMNS: readonly { key: KdColumn; label: MessageId; color: string }[] = [
  { key: 'kd', label: 'column.kd', color: '' },
  { key: 'power', label: 'column.power', color: '#3b82f6' },
  { key: 't4_kills', label: 'column.t4Kills', color: '#06b6d4' },
  { key: 't5_kills', label: 'column.t5Kills', color: '#eab308' },
  { key: 'dead_troops', label: 'column.dead', color: '#ef4444' },
  { key: 'healed_troops', label: 'column.healed', color: '#22c55e' },
];

export const CAMP_SORT_OPTIONS: readonly { key: CampSortKey; label: MessageId }[] = [
  { key: 'name', label: 'column.name' },
  { key: 'power', label: 'column.power' },
  { key: 'kills', label: 'card.kills' },
  { key: 'dead', label: 'column.dead' },
  { key: 'healed', label: 'column.healed' },
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
  const { t } = useT();
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
      title={t('diplo.title')}
      description={
        <Trans
          id="diplo.latestScan"
          values={{ time: utcDateTime(overview.timestamp) }}
          components={{ 0: <time data-testid="diplo-timestamp" /> }}
        />
      }
      footer={
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t('dialog.closeButton')}
        </button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={sortId} className="text-xs font-medium text-slate-400">
            {t('diplo.sortCamps')}
          </label>
          <select
            id={sortId}
            className={selectClass}
            value={campSort}
            onChange={(event) => setCampSort(event.target.value as CampSortKey)}
          >
            {CAMP_SORT_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setDirection((current) => (current === 'asc' ? 'desc' : 'asc'))}
          aria-label={direction === 'asc' ? t('diplo.sortedAsc') : t('diplo.sortedDesc')}
        >
          <SortIndicator direction={direction} />
          {direction === 'asc' ? t('diplo.ascending') : t('diplo.descending')}
        </button>
      </div>
      {cards.length === 0 ? (
        <p className="py-8 text-center text-slate-400">{t('kingdoms.noData')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label={t('dashboard.sections.camps')}>
          {cards.map((card) => (
            <CampCardView key={card.name} card={card} color={campColor(campColors, card.name)} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function CampCardView({ card, color }: { card: CampCard; color: string }) {
  const { t } = useT();
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
          <Chip id="Power" label={t('column.power')} value={shortNumber(card.total.power)} />
          <Chip id="Kills" label={t('card.kills')} value={shortNumber(kills(card.total))} />
          <Chip id="Dead" label={t('column.dead')} value={shortNumber(card.total.dead_troops)} />
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{t('diplo.kingdomsOf', { camp: card.name })}</caption>
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
                    className={`border-y border-slate-800 bg-slate-900 p-0 text-start text-xs font-semibold text-slate-300 uppercase ${
                      column.key === 'kd'
                        ? 'sticky start-0 z-10 shadow-[inset_-1px_0_0_rgb(30_41_59)] rtl:shadow-[inset_1px_0_0_rgb(30_41_59)]'
                        : ''
                    }`}
                  >
                    <button
                      type="button"
                      onClick={() =>
                        setSort((current) => toggleDescFirst(current, column.key) as typeof current)
                      }
                      className="flex w-full items-center gap-1 px-2.5 py-2 uppercase hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
                    >
                      {t(column.label)}
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
                      className="sticky start-0 z-[1] border-b border-slate-800/70 bg-slate-950 px-2.5 py-2 text-start font-semibold text-white tabular-nums shadow-[inset_-1px_0_0_rgb(30_41_59)] rtl:shadow-[inset_1px_0_0_rgb(30_41_59)]"
                    >
                      {kd}
                    </th>
                  ) : (
                    <td
                      key={column.key}
                      className="border-b border-slate-800/70 px-2.5 py-2"
                      title={fullNumber(stats[column.key])}
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

/** A camp's total; `id` (English) names it for tests whatever the language. */
function Chip({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <span
      data-chip={id}
      className="inline-flex items-center gap-1 rounded-full border border-slate-700 bg-slate-900 px-2 py-0.5"
    >
      <span className="text-slate-400">{label}</span>
      <span className="font-semibold text-white tabular-nums">{value}</span>
    </span>
  );
}
