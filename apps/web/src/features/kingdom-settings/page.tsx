import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useAdminKingdom, useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { isApiError } from '../../api/client.ts';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { fullNumber } from '../../format.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { ReviewSection } from '../data-review/ReviewSection.tsx';
import { FarmsSection } from '../farms/FarmsSection.tsx';
import { kingdomLabel } from '../kingdom.ts';
import { MigrationListLink } from '../migration-list/MigrationListLink.tsx';
import { AccessCodeSection } from './AccessCodeSection.tsx';
import { CampsSection } from './CampsSection.tsx';
import { DefaultsSection } from './DefaultsSection.tsx';
import { DiscordSection } from './DiscordSection.tsx';
import { IngestTokenSection } from './IngestTokenSection.tsx';
import { KingdomSection } from './KingdomSection.tsx';
import { KvkUploadSection } from './KvkUploadSection.tsx';
import { RecentChanges } from './RecentChanges.tsx';
import { ScansSection } from './ScansSection.tsx';
import { SeasonsSection } from './SeasonsSection.tsx';

const SECTIONS: readonly (readonly [string, MessageId])[] = [
  ['kingdom', 'settings.nav.kingdom'],
  ['access-code', 'settings.nav.accessCode'],
  ['defaults', 'settings.nav.defaults'],
  ['scans', 'settings.nav.scans'],
  ['data-review', 'settings.nav.dataReview'],
  ['camps', 'settings.nav.camps'],
  ['farms', 'settings.nav.farms'],
  ['seasons', 'settings.nav.seasons'],
  ['prekvk', 'settings.nav.prekvk'],
  ['hoh', 'settings.nav.hoh'],
  ['honor', 'settings.nav.honor'],
  ['rally-token', 'settings.nav.rallyToken'],
  ['upload-token', 'settings.nav.uploadToken'],
  ['recent-changes', 'settings.nav.changes'],
];

/**
 * The per-kingdom admin page (SPEC shows no content; docs/decisions.md says what is here and why). Admins of the
 * kingdom and superadmins only: the route needs a session and the server answers 403 to anyone else.
 */
export function Component() {
  const { kdno = '', code = '' } = useParams();
  const location = useLocation();
  const kingdom = useAdminKingdom(kdno, code);
  const notice = (location.state as { notice?: string } | null)?.notice;
  const { t } = useT();
  const title = t('settings.title', { kingdom: kingdomLabel(kdno) });

  if (kingdom.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Spinner label={t('settings.loading')} />
      </>
    );
  }
  if (kingdom.isError) {
    if (isApiError(kingdom.error, 403)) return <Navigate to="/unauthorized" replace />;
    return (
      <>
        <PageHeader title={title} />
        {isApiError(kingdom.error, 404) ? (
          <Panel title={t('settings.notFound')}>
            <p>{t('settings.notFoundText', { kd: kdno })}</p>
            <Link
              to="/admin/settings"
              className="inline-block text-sky-400 underline-offset-4 hover:underline"
            >
              {t('settings.backToManagement')}
            </Link>
          </Panel>
        ) : (
          <ErrorPanel
            message={kingdom.error.message}
            onRetry={() => void kingdom.refetch()}
            retrying={kingdom.isFetching}
          />
        )}
      </>
    );
  }
  // Keyed by the data's code so the forms start from the saved values after a code change.
  return <KingdomSettings key={kingdom.data.kingdom.code} data={kingdom.data} notice={notice} />;
}

function KingdomSettings({ data, notice }: { data: AdminKingdomResponse; notice: string | undefined }) {
  const kd = String(data.kingdom.kd);
  const actions = useKingdomAdminActions(kd, data.kingdom.code);
  const { t } = useT();
  const name = data.kingdom.name;
  const count = data.scans.length;
  const scans = t('settings.scanCount', { count, n: fullNumber(count) });
  return (
    <>
      <KingdomNav kd={kd} code={data.kingdom.code} />
      <PageHeader
        title={t('settings.title', { kingdom: kingdomLabel(kd) })}
        description={name ? `${name} · ${scans}` : scans}
      >
        <Link to="/admin/settings" className="text-sm text-sky-400 underline-offset-4 hover:underline">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>{' '}
          {t('settings.management')}
        </Link>
      </PageHeader>
      <nav aria-label={t('settings.sections')} className="-mx-1 mb-6 flex gap-1 overflow-x-auto pb-1">
        {SECTIONS.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="shrink-0 rounded-full border border-slate-800 px-3 py-1 text-xs font-medium text-slate-300 hover:border-slate-600 hover:text-white"
          >
            {t(label)}
          </a>
        ))}
      </nav>
      {notice && (
        <Notice tone="success" className="mb-6">
          {notice}
        </Notice>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <KingdomSection data={data} actions={actions} />
        <AccessCodeSection data={data} actions={actions} />
        <div className="lg:col-span-2">
          <DefaultsSection data={data} actions={actions} />
        </div>
        <div className="lg:col-span-2">
          <ScansSection data={data} actions={actions} />
        </div>
        <div className="lg:col-span-2">
          <ReviewSection kd={kd} code={data.kingdom.code} />
        </div>
        <CampsSection data={data} actions={actions} />
        <FarmsSection kd={kd} code={data.kingdom.code} />
        <SeasonsSection data={data} actions={actions} />
        <MigrationListLink kd={kd} code={data.kingdom.code} />
        <KvkUploadSection kind="prekvk" data={data} actions={actions} />
        <KvkUploadSection kind="hoh" data={data} actions={actions} />
        <KvkUploadSection kind="honor" data={data} actions={actions} />
        <IngestTokenSection kd={data.kingdom.kd} kind="rally" />
        <IngestTokenSection kd={data.kingdom.kd} kind="upload" />
        <DiscordSection kd={data.kingdom.kd} />
        <RecentChanges data={data} />
      </div>
    </>
  );
}
