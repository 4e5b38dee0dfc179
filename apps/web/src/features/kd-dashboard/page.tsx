import { formulaTerms } from '@kingdom-stats/core';
import type { KdDashboardResponse } from '@kingdom-stats/core/api';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type KdPeriod, updateKdDashboard, useKdDashboard } from '../../api/kd-dashboard.ts';
import { useSession } from '../../auth/use-session.ts';
import { primaryButton, secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { canAdminKingdom, formulaEditorPath, KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { ReviewMarksContext } from '../../components/table/ReviewMark.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { AddressNotice } from '../dashboard/AddressNotice.tsx';
import { addressProblems, isPeriodRefusal } from '../dashboard/address-problems.ts';
import { useAddressCheck } from '../dashboard/useAddressCheck.ts';
import { kingdomLabel } from '../kingdom.ts';
import { type DkpView, useDkpView } from './address.ts';
import { DkpTable } from './DkpTable.tsx';
import { exportDkp } from './export.ts';
import { PrekvkModal } from './PrekvkModal.tsx';

interface Period {
  start: string;
  end: string;
}

export function Component() {
  const { t } = useT();
  const params = useParams();
  const kd = params.kd ?? '';
  const code = params.code ?? '';
  // The period, search, sort and page live in the address (address.ts): shareable, and kept over a reload.
  const { view, change } = useDkpView();
  const applied: KdPeriod = useMemo(
    () => ({ start: view.period?.start ?? null, end: view.period?.end ?? null }),
    [view.period?.start, view.period?.end],
  );
  const query = useKdDashboard(kd, code, applied);
  const [draft, setDraft] = useState<Period | null>(view.period);
  const [updating, setUpdating] = useState(false);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const [prekvkOpen, setPrekvkOpen] = useState(false);
  const data = query.data;

  // The first answer says which period the server chose; the selects start there.
  useEffect(() => {
    if (data && draft === null && data.selectedDates.start !== '') setDraft(data.selectedDates);
  }, [data, draft]);
  // Back and Forward change the applied period: the selects follow it (to the answer's, when the address has none).
  useEffect(() => {
    setDraft(
      applied.start !== null && applied.end !== null ? { start: applied.start, end: applied.end } : null,
    );
  }, [applied]);
  // A period in the address that is no period of scans: said, taken out of the address, the default one shown
  // (the main dashboard's behaviour, issue 41).
  const scanTimes = useMemo(() => data?.dates.map((date) => date.timestamp) ?? null, [data]);
  const periodRefused = query.isError && isPeriodRefusal(query.error);
  const addressCheck = useAddressCheck(
    useCallback(
      (search: string) => addressProblems(search, { scanTimes, kds: null, camps: null, periodRefused }),
      [scanTimes, periodRefused],
    ),
  );

  const apply = async () => {
    if (!draft) return;
    if (Number(draft.start) > Number(draft.end)) {
      window.alert(t('period.startAfterEnd'));
      return;
    }
    setUpdating(true);
    setUpdateError(null);
    try {
      await updateKdDashboard(kd, code, draft);
      change({ period: { ...draft }, page: 1 });
    } catch {
      setUpdateError(t('kvkDkp.updateFailed'));
    } finally {
      setUpdating(false);
    }
  };

  const current = data?.selectedDates ?? { start: '', end: '' };

  return (
    <div className="space-y-4">
      <KingdomNav kd={kd} code={code} />
      <PageHeader
        title={t('kvkDkp.title', { kingdom: kingdomLabel(kd) })}
        description={t('kvkDkp.description')}
      />
      {query.isPending ? (
        <Spinner label={t('kvkDkp.loading')} />
      ) : isInvalidLinkError(query.error) ? (
        <InvalidLinkPanel />
      ) : query.error || !data ? (
        <ErrorPanel
          message={t('kvkDkp.fetchFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <PeriodBar
            dates={data.dates}
            draft={draft ?? current}
            applied={current}
            updating={updating}
            onDraft={setDraft}
            onApply={() => void apply()}
            onPrekvk={() => setPrekvkOpen(true)}
          />
          <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
          {updateError && <Notice tone="error">{updateError}</Notice>}
          <FormulaBanner kd={kd} code={code} data={data} />
          <Body kd={kd} data={data} busy={query.isFetching} view={view} onView={change} />
          <PrekvkModal
            open={prekvkOpen}
            onClose={() => setPrekvkOpen(false)}
            kd={kd}
            code={code}
            latestKvk={data.latestKvk}
          />
        </>
      )}
    </div>
  );
}

function PeriodBar({
  dates,
  draft,
  applied,
  updating,
  onDraft,
  onApply,
  onPrekvk,
}: {
  dates: KdDashboardResponse['dates'];
  draft: Period;
  applied: Period;
  updating: boolean;
  onDraft: (period: Period) => void;
  onApply: () => void;
  onPrekvk: () => void;
}) {
  const { t } = useT();
  const startId = useId();
  const endId = useId();
  const unchanged = draft.start === applied.start && draft.end === applied.end;
  const select = (id: string, label: string, key: keyof Period) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        // The scans' names are the server's 'YYYY-MM-DD HH:MM UTC · label': left to right in every language, as on
        // the main dashboard.
        dir="ltr"
        className={`${selectClass} w-full sm:w-64 lg:w-80`}
        value={draft[key]}
        disabled={dates.length === 0}
        onChange={(event) => onDraft({ ...draft, [key]: event.target.value })}
      >
        {dates.map((date) => (
          <option key={date.timestamp} value={String(date.timestamp)}>
            {date.display}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form
      aria-label={t('period.label')}
      className="flex flex-col gap-3 rounded-xl border border-slate-800 bg-slate-900/70 p-3 sm:flex-row sm:items-end sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <div className="grid flex-1 grid-cols-2 gap-2 sm:flex sm:flex-none sm:gap-3">
        {select(startId, t('period.start'), 'start')}
        {select(endId, t('period.end'), 'end')}
      </div>
      <div className="flex gap-2 sm:flex-1">
        <button
          type="submit"
          className={`${primaryButton} flex-1 sm:flex-none`}
          disabled={updating || unchanged || dates.length === 0}
        >
          {updating && (
            <span
              aria-hidden="true"
              className="size-3.5 animate-spin rounded-full border-2 border-slate-950/30 border-t-slate-950"
            />
          )}
          {updating ? t('period.updating') : t('period.apply')}
        </button>
        <button
          type="button"
          className={`${secondaryButton} flex-1 sm:ms-auto sm:flex-none`}
          onClick={onPrekvk}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-amber-300">
            <path
              d="M4 2h8v3a4 4 0 0 1-8 0V2Zm4 7v3m-3 2h6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.4"
            />
          </svg>
          {t('kvkDkp.prekvk')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'DKP FORMULA :' and its terms (the season's own rules); Edit opens that season's rules in the formula editor for
 * whoever can save them there: the kingdom's admins
 * and superadmins (issue 14; SPEC §6 said role admin, which showed it to admins of other kingdoms and hid it from
 * superadmins).
 */
function FormulaBanner({ kd, code, data }: { kd: string; code: string; data: KdDashboardResponse }) {
  const { t } = useT();
  const session = useSession();
  const terms = formulaTerms(data.formulaString);
  return (
    <section
      aria-label={t('kvkDkp.formula')}
      className="flex flex-col gap-3 rounded-xl border border-amber-500/25 bg-gradient-to-r from-amber-500/10 via-slate-900/60 to-slate-900/60 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2" data-testid="dkp-formula">
          <span className="text-xs font-bold tracking-widest text-amber-300">{t('formula.strip')}</span>
          {terms.length === 0 ? (
            <span className="text-sm text-slate-400">{t('formula.noTerms')}</span>
          ) : (
            terms.map((term, index) => (
              <span key={term} className="flex items-center gap-2">
                {index > 0 && (
                  <span aria-hidden="true" className="text-amber-300/70">
                    +
                  </span>
                )}
                <span className="rounded-md bg-slate-950/60 px-2 py-0.5 font-mono text-xs text-amber-100 ring-1 ring-amber-400/20">
                  {term}
                </span>
              </span>
            ))
          )}
        </div>
        {data.wars.length > 0 && (
          <p className="text-xs text-slate-300" data-testid="dkp-wars">
            {t('kvkDkp.wars', {
              n: data.wars.length,
              count: fullNumber(data.wars.length),
              names: data.wars.map((war) => war.name).join(', '),
            })}
          </p>
        )}
      </div>
      {canAdminKingdom(session, kd) && (
        <Link
          // The rules of the season on screen: a past season's link opens that season's rules (docs/dkp.md).
          to={`${formulaEditorPath(kd, code)}${data.latestKvk ? `?season=${data.latestKvk.kvk_number}` : ''}`}
          className={`${secondaryButton} shrink-0 self-start sm:self-auto`}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="m10.5 2.5 3 3L6 13H3v-3l7.5-7.5Z" fill="none" stroke="currentColor" strokeWidth="1.4" />
          </svg>
          {t('kvkDkp.edit')}
        </Link>
      )}
    </section>
  );
}

function Body({
  kd,
  data,
  busy,
  view,
  onView,
}: {
  kd: string;
  data: KdDashboardResponse;
  busy: boolean;
  view: DkpView;
  onView: (patch: Partial<DkpView>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useT();
  if (data.scanStatus === 'no_scans_in_kvk') {
    return (
      <Panel title={t('kvkDkp.noScans.title')}>
        <p>
          {data.latestKvk
            ? t('kvkDkp.noScans.kvk', { number: String(data.latestKvk.kvk_number) })
            : t('kvkDkp.noScans.any')}
        </p>
      </Panel>
    );
  }
  if (data.scanStatus === 'offseason_no_scans') {
    return (
      <Panel title={t('kvkDkp.offseason.title')}>
        <p>{t('kvkDkp.offseason.text')}</p>
      </Panel>
    );
  }
  return (
    <>
      {data.scanStatus === 'single' && <Notice tone="info">{t('kvkDkp.single')}</Notice>}
      {data.scanStatus === 'error' && <Notice tone="warning">{t('kvkDkp.incomplete')}</Notice>}
      <Section
        id="kvkPlayers"
        title={t('kvkDkp.players.title')}
        description={t('kvkDkp.players.description', {
          total: data.totalPlayers,
          count: fullNumber(data.totalPlayers),
        })}
      >
        <ReviewMarksContext.Provider value={data.reviewMarks}>
          <DkpTable
            rows={data.playerData}
            activeColumns={data.activeColumns}
            busy={busy}
            view={view}
            onView={onView}
            onExport={(rows, search) =>
              exportDkp({
                kd,
                start: Number(data.selectedDates.start),
                end: Number(data.selectedDates.end),
                search,
                rows,
                activeColumns: data.activeColumns,
                reviewMarks: data.reviewMarks,
              })
            }
          />
        </ReviewMarksContext.Provider>
      </Section>
    </>
  );
}
