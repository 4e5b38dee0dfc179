import type { GovernorResponse, HistoryEntry } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { dayRange } from './format.ts';

function History({
  title,
  entries,
  shown,
}: {
  title: string;
  entries: readonly HistoryEntry[];
  shown: (v: string | null) => string;
}) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold text-white">{title}</h3>
      <ol className="space-y-1 text-sm" aria-label={title}>
        {[...entries].reverse().map((entry) => (
          <li key={`${entry.from}-${entry.value}`} className="flex flex-wrap justify-between gap-x-3">
            <span className="break-all text-slate-100">{shown(entry.value)}</span>
            <span className="text-slate-400 tabular-nums">{dayRange(entry.from, entry.to)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Names, alliances and home kingdoms as changes (newest first); pre-KvK points, Hall of Heroes deaths and rallies. */
export function HistoryLists({ data }: { data: GovernorResponse }) {
  const { t } = useT();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Section
        id="history"
        title={t('governor.history.title')}
        description={t('governor.history.description')}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          <History title={t('governor.history.names')} entries={data.history.names} shown={(v) => v ?? '-'} />
          <History
            title={t('governor.history.alliances')}
            entries={data.history.alliances}
            shown={(v) => v ?? '-'}
          />
          <History
            title={t('governor.history.homeKingdoms')}
            entries={data.history.homeKds}
            shown={(v) => (v === null ? '-' : t('card.kd', { kd: v }))}
          />
        </div>
      </Section>
      <Section id="events" title={t('governor.events.title')}>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-400">{t('governor.events.launched')}</dt>
            <dd className="text-lg font-semibold text-white tabular-nums">
              {fullNumber(data.rallies.launched)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">{t('governor.events.joined')}</dt>
            <dd className="text-lg font-semibold text-white tabular-nums">
              {fullNumber(data.rallies.joined)}
            </dd>
          </div>
        </dl>
        <h3 className="mt-4 mb-1 text-sm font-semibold text-white">{t('governor.events.prekvk')}</h3>
        {data.prekvk.length === 0 ? (
          <p className="text-sm text-slate-400">-</p>
        ) : (
          <ul className="space-y-1 text-sm tabular-nums">
            {data.prekvk.map((p) => (
              <li key={p.kvkNumber} className="flex justify-between gap-3">
                <span className="shrink-0 whitespace-nowrap text-slate-300">KvK {p.kvkNumber}</span>
                <span className="text-slate-100">
                  {fullNumber(p.total)}{' '}
                  <span className="text-slate-400">
                    ({fullNumber(p.stage1)} / {fullNumber(p.stage2)} / {fullNumber(p.stage3)})
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 mb-1 text-sm font-semibold text-white">{t('governor.events.hoh')}</h3>
        {data.hoh.length === 0 ? (
          <p className="text-sm text-slate-400">-</p>
        ) : (
          <ul className="space-y-1 text-sm tabular-nums">
            {data.hoh.map((h) => (
              <li key={h.kvkNumber} className="flex justify-between gap-3">
                <span className="text-slate-300">KvK {h.kvkNumber}</span>
                <span className="text-slate-100">
                  T4 {fullNumber(h.t4Dead)} · T5 {fullNumber(h.t5Dead)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
