import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useDemoTarget } from '../../api/demo.ts';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { useT } from '../../i18n/i18n.ts';
import { DashboardView } from '../dashboard/DashboardView.tsx';
import { GovernorLinkKingdom } from '../governor/GovernorLink.tsx';

export function Component() {
  const { secret = '' } = useParams();
  const { t } = useT();
  const demo = useDemoTarget(secret);

  if (demo.isPending) return <Spinner />;
  if (demo.isError) {
    if (isApiError(demo.error, 404)) {
      return (
        <Panel title={t('demo.notFound')}>
          <p>{t('demo.notValid')}</p>
          <Link to="/" className="inline-block text-sky-400 underline-offset-4 hover:underline">
            {t('demo.backHome')}
          </Link>
        </Panel>
      );
    }
    return (
      <ErrorPanel
        message={demo.error.message}
        onRetry={() => void demo.refetch()}
        retrying={demo.isFetching}
      />
    );
  }
  return (
    <GovernorLinkKingdom value={{ kd: String(demo.data.kd), code: demo.data.code }}>
      <DashboardView
        kd={String(demo.data.kd)}
        code={demo.data.code}
        banner={
          <>
            <KingdomNav kd={String(demo.data.kd)} code={demo.data.code} />
            <p
              data-testid="demo-banner"
              className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-sky-500/30 bg-sky-500/10 px-3 py-2 text-sm text-sky-100"
            >
              <span className="rounded bg-sky-400 px-1.5 py-px text-[10px] font-bold tracking-wider text-slate-950">
                {t('demo.badge')}
              </span>
              {t('demo.banner')}
            </p>
          </>
        }
      />
    </GovernorLinkKingdom>
  );
}
