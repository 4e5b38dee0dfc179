import { PREKVK_DAYS_BEFORE_OPEN, searchPredicate, sortRows, toggleDescFirst } from '@kingdom-stats/core';
import type { PrekvkRow } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { useId, useMemo, useState } from 'react';
import { usePrekvkRankings } from '../../api/kd-dashboard.ts';
import { inputClass, primaryButton } from '../../components/controls/styles.ts';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Modal } from '../../components/overlay/Modal.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { updatedAgo, utcDay } from './format.ts';

type RankedRow = PrekvkRow & { rank: number };

/** SPEC §2: the badge changes at ranks 1, 2, 3 and 10. */
export function rankTier(rank: number): 'gold' | 'silver' | 'bronze' | 'top10' | 'other' {
  if (rank === 1) return 'gold';
  if (rank === 2) return 'silver';
  if (rank === 3) return 'bronze';
  if (rank <= 10) return 'top10';
  return 'other';
}

const BADGE = {
  gold: 'bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 ring-amber-200/60',
  silver: 'bg-gradient-to-br from-slate-200 to-slate-400 text-slate-900 ring-slate-100/60',
  bronze: 'bg-gradient-to-br from-orange-400 to-amber-700 text-orange-50 ring-orange-300/50',
  top10: 'bg-sky-500/20 text-sky-200 ring-sky-400/40',
  other: 'bg-slate-800 text-slate-300 ring-slate-700',
} as const;

function RankBadge({ rank }: { rank: number }) {
  const tier = rankTier(rank);
  return (
    <span
      data-rank-tier={tier}
      className={`inline-grid size-7 place-items-center rounded-full text-xs font-bold tabular-nums ring-1 ${BADGE[tier]}`}
    >
      {rank}
    </span>
  );
}

const COLUMNS: DataColumn<RankedRow>[] = [
  { id: 'rank', header: 'Rank', sortable: true, width: 70, cell: (row) => <RankBadge rank={row.rank} /> },
  {
    id: 'name',
    header: 'Governor',
    sortable: true,
    cell: (row) => (
      <div className="min-w-0">
        <div className="max-w-48 truncate font-medium text-white">
          <GovernorLink governorId={row.governor_id}>{row.name}</GovernorLink>
        </div>
        <div className="text-xs text-slate-400 tabular-nums">{row.governor_id}</div>
      </div>
    ),
  },
  ...(
    [
      ['stage1_points', 'Stage I'],
      ['stage2_points', 'Stage II'],
      ['stage3_points', 'Stage III'],
      ['total_points', 'Total'],
    ] as const
  ).map(
    ([key, header]): DataColumn<RankedRow> => ({
      id: key,
      header,
      sortable: true,
      align: 'right',
      highlight: key === 'total_points',
      cell: (row) => <span className="tabular-nums">{fullNumber(row[key])}</span>,
    }),
  ),
];

interface PrekvkModalProps {
  open: boolean;
  onClose: () => void;
  kd: string;
  code: string;
  latestKvk: { kvk_number: number; open_time: number } | null;
}

export function PrekvkModal({ open, onClose, kd, code, latestKvk }: PrekvkModalProps) {
  const { t } = useT();
  const query = usePrekvkRankings(kd, code, latestKvk?.kvk_number ?? null, open);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: string; direction: 'asc' | 'desc' }>({
    key: 'rank',
    direction: 'asc',
  });
  const searchId = useId();

  const ranked = useMemo<RankedRow[]>(
    () => (query.data?.data ?? []).map((row, index) => ({ ...row, rank: index + 1 })),
    [query.data],
  );
  const visible = useMemo(() => {
    const matches = searchPredicate(search);
    const found = ranked.filter((row) => matches({ govId: row.governor_id, name: row.name, alliance: null }));
    return sortRows(found, [{ ...sort, priority: 1 }]);
  }, [ranked, search, sort]);
  const top = ranked.reduce((max, row) => Math.max(max, row.total_points), 0);

  const openTime = latestKvk?.open_time ?? null;
  const name =
    query.data?.kvk_number != null
      ? t('kvkDkp.prekvk.kvk', { number: String(query.data.kvk_number) })
      : t('kvkDkp.prekvk.short');
  const heading =
    openTime !== null
      ? t('kvkDkp.prekvk.window', {
          name,
          days: PREKVK_DAYS_BEFORE_OPEN,
          count: fullNumber(PREKVK_DAYS_BEFORE_OPEN),
          from: utcDay(openTime - PREKVK_DAYS_BEFORE_OPEN * 86_400),
          to: utcDay(openTime),
        })
      : name;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={t('kvkDkp.prekvk')}
      description={
        <>
          {heading}
          {query.data?.last_updated != null && (
            <span className="block text-xs text-slate-500" data-testid="prekvk-updated">
              {updatedAgo(query.data.last_updated)}
            </span>
          )}
        </>
      }
      footer={
        <button type="button" className={primaryButton} onClick={onClose}>
          {t('dialog.closeButton')}
        </button>
      }
    >
      {query.isPending ? (
        <Spinner label={t('kvkDkp.prekvk.loading')} />
      ) : query.error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
        >
          {t('kvkDkp.prekvk.fetchFailed')}
        </p>
      ) : ranked.length === 0 ? (
        <div className="py-10 text-center">
          <p className="font-semibold text-white">{t('kvkDkp.prekvk.empty')}</p>
          <p className="mt-1 text-sm text-slate-400">{t('kvkDkp.prekvk.emptyHint')}</p>
        </div>
      ) : (
        <div className="space-y-3">
          <div>
            <label htmlFor={searchId} className="sr-only">
              {t('kvkDkp.prekvk.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              data-autofocus
              className={`${inputClass} w-full`}
              placeholder={t('kvkDkp.prekvk.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <DataTable
            caption={t('kvkDkp.prekvk.caption')}
            columns={COLUMNS}
            rows={visible}
            rowKey={(row) => String(row.governor_id)}
            sorts={[{ ...sort, priority: 1 }]}
            onSort={(key) =>
              setSort((current) =>
                current.key === key
                  ? toggleDescFirst(current, key)
                  : { key, direction: key === 'rank' || key === 'name' ? 'asc' : 'desc' },
              )
            }
            minWidth={560}
            maxHeightClass="max-h-[55dvh]"
            dense
            empty={t('kvkDkp.noMatch')}
          />
          <p
            className="flex flex-wrap justify-between gap-2 text-sm text-slate-400"
            data-testid="prekvk-footer"
          >
            <span>{t('kvkDkp.prekvk.count', { n: ranked.length, count: fullNumber(ranked.length) })}</span>
            <span>
              <Trans
                id="kvkDkp.prekvk.topScore"
                values={{ score: fullNumber(top) }}
                components={{ 0: <span className="font-semibold text-amber-200" /> }}
              />
            </span>
          </p>
        </div>
      )}
    </Modal>
  );
}
