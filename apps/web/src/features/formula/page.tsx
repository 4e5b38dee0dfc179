import { allWarsComplete, type War } from '@kingdom-stats/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import {
  type FormulaResponse,
  saveIssues,
  useFormula,
  useResetFormula,
  useSaveFormula,
} from '../../api/formula.ts';
import { type LoginRedirectState, loginPath } from '../../auth/redirect.ts';
import { useSession } from '../../auth/use-session.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { translate, useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { kingdomLabel } from '../kingdom.ts';
import { forgetKeptDraft, keepDraft, readKeptDraft } from './draft-store.ts';
import { draftFromResponse, type FormulaDraft, savePayload, validateDraft } from './editor.ts';
import { FormulaTab } from './FormulaTab.tsx';
import { GoalsTab } from './GoalsTab.tsx';
import { type CodedMessage, issueText } from './messages.ts';
import { type Result, ResultModal } from './ResultModal.tsx';
import { PastSeasonDialog, SeasonSelect, useSeasonParam } from './SeasonRules.tsx';
import { LeaveDialog, SignInDialog, type SignInReason } from './SessionDialogs.tsx';
import { TabBar } from './TabBar.tsx';
import { formulaTab, type FormulaTab as TabName } from './tabs.ts';
import { useIsMobile, useNearBottom } from './ui.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { WarsTab } from './WarsTab.tsx';

/** SPEC §2: the floating save button hides within this distance of the page bottom, where the real one is. */
const FLOATING_HIDE_PX = 150;

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

/** SPEC's save button label ('Save Formula + 2 War(s)', on phones 'Save + 2') in the reader's language. */
function saveLabel(wars: readonly War[], short = false): string {
  if (!allWarsComplete(wars)) return translate(short ? 'formula.saveShort' : 'formula.save');
  const values = { n: String(wars.length) };
  return translate(short ? 'formula.saveShortWithWars' : 'formula.saveWithWars', values);
}

export function Component() {
  const params = useParams();
  const kd = params.kd ?? '';
  const code = params.code ?? '';
  const tab = formulaTab(params.tab);
  const { t } = useT();
  const [season, onSeason] = useSeasonParam();
  const query = useFormula(kd, code, season);
  const [result, setResult] = useState<Result | null>(null);
  const loadErrorShown = useRef<unknown>(null);

  // SPEC §8: a load failure is also announced in the result modal (not a link that is not valid: the page says so).
  useEffect(() => {
    if (query.error && !isInvalidLinkError(query.error) && loadErrorShown.current !== query.error) {
      loadErrorShown.current = query.error;
      setResult({
        tone: 'error',
        message: t('formula.loadFailed', { error: errorText(query.error, t('formula.fetchFailed')) }),
      });
    }
  }, [query.error, t]);

  return (
    <div className="space-y-4">
      <PageHeader
        title={t('formula.title', { kingdom: kingdomLabel(kd) })}
        description={t('formula.description')}
      >
        <Link to={`/${kd}/kd-dashboard/${code}`} className={`${secondaryButton} self-start sm:self-auto`}>
          <span aria-hidden="true" className="rtl:-scale-x-100">
            ←
          </span>{' '}
          {t('formula.backToDashboard')}
        </Link>
      </PageHeader>
      {!isInvalidLinkError(query.error) && <KingdomNav kd={kd} code={code} />}
      {query.isPending ? (
        <Spinner label={t('formula.loading')} />
      ) : isInvalidLinkError(query.error) ? (
        <InvalidLinkPanel />
      ) : query.error || !query.data ? (
        <ErrorPanel
          message={t('formula.loadFailed', { error: errorText(query.error, t('formula.fetchFailed')) })}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Editor
          key={query.dataUpdatedAt}
          kd={kd}
          code={code}
          tab={tab}
          response={query.data}
          onResult={setResult}
          onSeason={onSeason}
        />
      )}
      <ResultModal result={result} onClose={() => setResult(null)} />
    </div>
  );
}

interface EditorProps {
  kd: string;
  code: string;
  tab: TabName;
  response: FormulaResponse;
  onResult: (result: Result) => void;
  onSeason: (kvkNumber: number) => void;
}

function Editor({ kd, code, tab, response, onResult, onSeason }: EditorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useT();
  const session = useSession();
  const mobile = useIsMobile();
  const saved = useMemo(() => draftFromResponse(response), [response]);
  // A draft kept while its author signed in comes back in place of the saved formula.
  const [kept] = useState(() => readKeptDraft(kd, code));
  const [draft, setDraft] = useState<FormulaDraft>(() => kept ?? saved);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const [signIn, setSignIn] = useState<SignInReason | null>(null);
  const { blocker, allowLeave } = useLeaveGuard(dirty);
  const [errors, setErrors] = useState<CodedMessage[]>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSaveFormula(kd, code);
  // The client's guess of who may upload Hall of Heroes data (the server decides): this kingdom's admins and
  // superadmins.
  const canAdminister =
    session.isAuthenticated && (session.isSuperadmin || (session.user?.kingdoms ?? []).includes(Number(kd)));
  // Issue 41: an admin of other kingdoms reads this formula but cannot save it, so the editor says so up front
  // rather than offering a Save that the server refuses. Signed out, Save stays: it leads to the sign-in round trip.
  const readOnly = session.isAuthenticated && !canAdminister;
  const reset = useResetFormula(kd, code);
  const nearBottom = useNearBottom(FLOATING_HIDE_PX);

  // SPEC §4: any edit clears the validation errors on display.
  const edit = (patch: Partial<FormulaDraft>) => {
    setErrors([]);
    setDraft((current) => ({ ...current, ...patch }));
  };

  // The season stays in the address from tab to tab.
  const goTo = (next: TabName) =>
    navigate(`/${kd}/formula/${code}/${next}${location.search}`, { replace: false });

  useEffect(() => {
    if (kept) forgetKeptDraft(kd, code);
  }, [kept, kd, code]);

  // To the login page and back (afterLoginTarget returns to `from`), the draft kept in this tab meanwhile.
  const goSignIn = () => {
    keepDraft(kd, code, draft);
    allowLeave();
    const from = `${location.pathname}${location.search}`;
    const state: LoginRedirectState = { from };
    navigate(loginPath(from), { state });
  };

  const pastSeason = response.season?.past ? response.season.kvkNumber : null;
  const [confirmPast, setConfirmPast] = useState(false);

  const onSave = () => {
    // The draft's own problems first: they are worth fixing before signing in.
    const problems = validateDraft(draft, response);
    if (problems.length > 0) {
      setErrors(problems);
      onResult({ tone: 'invalid', message: t('formula.validationError'), issues: problems.map(issueText) });
      return;
    }
    setErrors([]);
    if (!session.isAuthenticated) {
      setSignIn('signed-out');
      return;
    }
    // A past season's rules change only once its admin has said so (the server refuses it otherwise).
    if (pastSeason !== null && !confirmPast) {
      setConfirmPast(true);
      return;
    }
    const target = { season: response.season?.kvkNumber, confirmPastSeason: pastSeason !== null };
    save.mutate(savePayload(kd, code, draft, target), {
      onSettled: () => setConfirmPast(false),
      onSuccess: (answer) =>
        onResult({
          tone: 'success',
          message:
            answer.wars > 0
              ? t('formula.savedWithWars', { count: answer.wars, n: String(answer.wars) })
              : t('formula.saved'),
        }),
      onError: (error) => {
        // The session ran out while editing (the client has already forgotten it): offer the round trip.
        if (isApiError(error, 401)) {
          setSignIn('expired');
          return;
        }
        const issues = saveIssues(error);
        if (issues.length > 0) {
          setErrors(issues);
          onResult({ tone: 'invalid', message: t('formula.validationError'), issues: issues.map(issueText) });
        } else {
          onResult({
            tone: 'error',
            message: t('formula.saveFailed', { error: errorText(error, t('formula.unknownError')) }),
          });
        }
      },
    });
  };

  const onReset = () => {
    reset.mutate(
      { season: response.season?.kvkNumber, confirmPastSeason: pastSeason !== null },
      {
        onSuccess: () => {
          setConfirmReset(false);
          onResult({ tone: 'success', message: t('formula.resetDone') });
        },
        onError: (error) => {
          setConfirmReset(false);
          onResult({
            tone: 'error',
            message: t('formula.resetFailed', { error: errorText(error, t('formula.unknownError')) }),
          });
        },
      },
    );
  };

  const busy = save.isPending || reset.isPending;
  const label = save.isPending ? t('formula.saving') : saveLabel(draft.wars, mobile);

  return (
    <div className="space-y-4">
      <SeasonSelect season={response.season} seasons={response.seasons} onSeason={onSeason} />
      <TabBar tab={tab} onTab={goTo} />

      {kept && dirty && <Notice tone="info">{t('formula.draftBack')}</Notice>}
      {readOnly && (
        <Notice tone="info">
          <span data-testid="formula-read-only">{t('formula.readOnly')}</span>
        </Notice>
      )}

      {errors.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-3 text-sm text-red-100"
        >
          <p className="font-semibold">{t('formula.fixErrors')}</p>
          <ul className="mt-1.5 list-disc space-y-0.5 ps-5" data-testid="error-list">
            {errors.map((issue) => (
              <li key={issue.message}>{issueText(issue)}</li>
            ))}
          </ul>
        </div>
      )}

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'formula' && (
          <FormulaTab
            stats={draft.stats}
            onStats={(stats) => edit({ stats })}
            hoh={response.hohValidation}
            activeKvk={response.activeKvk}
            hohUploadPath={canAdminister ? `/admin/settings/${kd}/${code}#hoh` : null}
            readOnly={readOnly}
          />
        )}
        {tab === 'goals' && (
          <GoalsTab
            tiers={draft.tiers}
            deadOn={draft.dead_on}
            kpOn={draft.kp_on}
            mobile={mobile}
            onTiers={(tiers) => edit({ tiers })}
            onDeadOn={(dead_on) => edit({ dead_on })}
            onKpOn={(kp_on) => edit({ kp_on })}
            readOnly={readOnly}
          />
        )}
        {tab === 'wars' && (
          <WarsTab
            wars={draft.wars}
            scans={response.dates}
            onWars={(wars) => edit({ wars })}
            readOnly={readOnly}
          />
        )}
      </div>

      {!readOnly && (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-800 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {!session.isAuthenticated && (
            <p className="text-sm text-slate-400 sm:order-last sm:ms-auto">
              {t('formula.signInToSave')}{' '}
              <button type="button" className="font-medium text-sky-300 underline" onClick={goSignIn}>
                {t('formula.signIn')}
              </button>
            </p>
          )}
          <button
            type="button"
            className={`${secondaryButton} text-red-200 hover:border-red-400/60`}
            onClick={() => setConfirmReset(true)}
            disabled={busy}
          >
            {reset.isPending ? t('formula.resetting') : t('formula.reset')}
          </button>
          <button
            type="button"
            className={`${primaryButton} h-10 px-6`}
            onClick={onSave}
            disabled={busy}
            data-testid="save-formula"
          >
            {label}
          </button>
        </div>
      )}

      {/*
        Issue 41: on a phone the floating Save is a bar of its own along the bottom edge, shown to those who can save
        once there is something to save (on first view it covered the T5 Kills input), and the page ends with as much
        room again, so that the last field scrolls clear of it.
      */}
      {mobile && canAdminister && <div aria-hidden="true" className="h-20" />}
      {mobile && canAdminister && dirty && !nearBottom && (
        <div className="fixed inset-x-0 bottom-0 z-40 flex justify-end border-t border-slate-800 bg-slate-950/95 px-4 py-3 shadow-[0_-8px_24px_rgba(0,0,0,0.5)]">
          <button
            type="button"
            onClick={onSave}
            disabled={busy}
            data-testid="floating-save"
            aria-label={t('formula.floatingSave', { label: saveLabel(draft.wars) })}
            className={`${primaryButton} h-11 w-full px-6`}
          >
            {label}
          </button>
        </div>
      )}

      <ConfirmDialog
        open={confirmReset}
        title={t('formula.reset')}
        confirmLabel={t('formula.reset')}
        busyLabel={t('formula.resetting')}
        busy={reset.isPending}
        onConfirm={onReset}
        onClose={() => setConfirmReset(false)}
      >
        <p>{t('formula.resetConfirm')}</p>
        {pastSeason !== null && (
          <p className="mt-2">{t('formula.season.pastNotice', { n: String(pastSeason) })}</p>
        )}
      </ConfirmDialog>
      <PastSeasonDialog
        kvkNumber={confirmPast ? pastSeason : null}
        busy={save.isPending}
        busyLabel={t('formula.saving')}
        onConfirm={onSave}
        onClose={() => setConfirmPast(false)}
      />
      <SignInDialog reason={signIn} onSignIn={goSignIn} onClose={() => setSignIn(null)} />
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
