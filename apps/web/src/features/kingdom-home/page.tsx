import type { KingdomHomeResponse } from '@kingdom-stats/core/api';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useKingdomHome } from '../../api/kingdom-home.ts';
import { Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useT } from '../../i18n/i18n.ts';
import { kingdomLabel } from '../kingdom.ts';
import { formatKvkTime } from './format.ts';

export function Component() {
  const { t } = useT();
  const { kdno = '' } = useParams();
  const home = useKingdomHome(kdno);
  const title = kingdomLabel(kdno);

  if (home.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Spinner label={t('kingdomHome.loading')} />
      </>
    );
  }
  if (home.isError) {
    return (
      <>
        <PageHeader title={title} />
        <Panel title={t('kingdomHome.failed')} tone="error">
          {isApiError(home.error) && <p>{home.error.message}</p>}
          <button
            type="button"
            onClick={() => void home.refetch()}
            disabled={home.isFetching}
            className="rounded-md bg-sky-600 px-4 py-2 text-sm font-medium text-white hover:bg-sky-500 disabled:opacity-60"
          >
            {home.isFetching ? t('error.retrying') : t('error.retry')}
          </button>
        </Panel>
      </>
    );
  }
  return <KingdomHome home={home.data} />;
}

function KingdomHome({ home }: { home: KingdomHomeResponse }) {
  const { t, locale } = useT();
  const { status, current_kvk: kvk } = home.kvk_info;
  const active = status === 'active';
  const now = Date.now() / 1000;
  const kvkLabel = active
    ? t('kingdomHome.currentKvk')
    : kvk && kvk.open_time > now
      ? t('kingdomHome.nextKvk')
      : t('kingdomHome.lastKvk');
  return (
    <>
      {/* The kingdom's screens, as on each of them (issue 41 item 12): its home was the one without the bar. */}
      <KingdomNav kd={String(home.kd)} code={home.code} />
      <PageHeader title={kingdomLabel(home.kd)} description={home.name ?? undefined} />
      <section
        aria-label={t('kingdomHome.status')}
        className={`flex items-center gap-3 rounded-xl border px-4 py-4 sm:px-6 ${
          active ? 'border-emerald-500/50 bg-emerald-500/15' : 'border-slate-700 bg-slate-900'
        }`}
      >
        <span
          aria-hidden="true"
          className={`size-3 shrink-0 rounded-full ${active ? 'animate-pulse bg-emerald-400' : 'bg-slate-500'}`}
        />
        <p
          data-testid="kvk-status"
          data-status={status}
          className={`text-xl font-bold ${active ? 'text-emerald-300' : 'text-slate-200'}`}
        >
          {active ? t('kingdomHome.active') : t('kingdomHome.offseason')}
        </p>
      </section>

      {kvk ? (
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="rounded-xl border border-slate-800 bg-slate-900/60 px-4 py-3">
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{kvkLabel}</dt>
            <dd className="mt-1 text-2xl font-bold text-white tabular-nums" data-testid="kvk-number">
              KvK {kvk.kvk_number}
            </dd>
          </div>
          <div className="rounded-xl border border-slate-800 bg-slate-900/60 px-4 py-3">
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">
              {kvk.open_time > now ? t('kingdomHome.opens') : t('kingdomHome.opened')}
            </dt>
            <dd className="mt-1 text-lg font-semibold text-slate-100 tabular-nums" data-testid="kvk-open">
              <time dateTime={new Date(kvk.open_time * 1000).toISOString()}>
                {formatKvkTime(kvk.open_time, locale)}
              </time>
            </dd>
          </div>
          <div className="rounded-xl border border-slate-800 bg-slate-900/60 px-4 py-3">
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">
              {kvk.close_time > now ? t('kingdomHome.closes') : t('kingdomHome.closed')}
            </dt>
            <dd className="mt-1 text-lg font-semibold text-slate-100 tabular-nums" data-testid="kvk-close">
              <time dateTime={new Date(kvk.close_time * 1000).toISOString()}>
                {formatKvkTime(kvk.close_time, locale)}
              </time>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-400">{t('kingdomHome.noKvk')}</p>
      )}
    </>
  );
}
