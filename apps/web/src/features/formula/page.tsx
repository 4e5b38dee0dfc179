import { saveButtonLabel } from '@kingdom-stats/core';
import { FORMULA_MESSAGES, formulaSavedMessage } from '@kingdom-stats/core/api';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
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
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Modal } from '../../components/overlay/Modal.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { kingdomLabel } from '../kingdom.ts';
import { forgetKeptDraft, keepDraft, readKeptDraft } from './draft-store.ts';
import { draftFromResponse, type FormulaDraft, savePayload, validateDraft } from './editor.ts';
import { FormulaTab } from './FormulaTab.tsx';
import { GoalsTab } from './GoalsTab.tsx';
import { LeaveDialog, SignInDialog, type SignInReason } from './SessionDialogs.tsx';
import { FORMULA_TAB_LABELS, formulaTab, type FormulaTab as TabName } from './tabs.ts';
import { useIsMobile, useNearBottom } from './ui.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { WarsTab } from './WarsTab.tsx';

const TABS: readonly TabName[] = ['formula', 'goals', 'wars'];
/** SPEC §2: the floating save button hides within this distance of the page bottom, where the real one is. */
const FLOATING_HIDE_PX = 150;

interface Result {
  tone: 'success' | 'error';
  message: string;
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

export function Component() {
  const params = useParams();
  const kd = params.kd ?? '';
  const code = params.code ?? '';
  const tab = formulaTab(params.tab);
  const query = useFormula(kd, code);
  const [result, setResult] = useState<Result | null>(null);
  const loadErrorShown = useRef<unknown>(null);

  // SPEC §8: a load failure is also announced in the result modal (not a link that is not valid: the page says so).
  useEffect(() => {
    if (query.error && !isInvalidLinkError(query.error) && loadErrorShown.current !== query.error) {
      loadErrorShown.current = query.error;
      setResult({
        tone: 'error',
        message: `Failed to load formula: ${errorText(query.error, 'Failed to fetch formula data')}`,
      });
    }
  }, [query.error]);

  return (
    <div className="space-y-4 pb-24 md:pb-0">
      <PageHeader
        title={`DKP Formula — ${kingdomLabel(kd)}`}
        description="The formula, power-tier goals and wars that score this kingdom's DKP on its dashboards."
      >
        <Link to={`/${kd}/kd-dashboard/${code}`} className={`${secondaryButton} self-start sm:self-auto`}>
          <span aria-hidden="true">←</span> Go To KvK Dashboard
        </Link>
      </PageHeader>
      {query.isPending ? (
        <Spinner label="Loading formula..." />
      ) : isInvalidLinkError(query.error) ? (
        <InvalidLinkPanel />
      ) : query.error || !query.data ? (
        <ErrorPanel
          message={`Failed to load formula: ${errorText(query.error, 'Failed to fetch formula data')}`}
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
        />
      )}
      <Modal
        open={result !== null}
        onClose={() => setResult(null)}
        title={result?.tone === 'success' ? 'Success' : 'Something went wrong'}
        footer={
          <button type="button" className={primaryButton} onClick={() => setResult(null)} data-autofocus>
            OK
          </button>
        }
      >
        <p
          className={`flex items-start gap-2 text-sm ${
            result?.tone === 'success' ? 'text-emerald-200' : 'text-red-200'
          }`}
        >
          <span aria-hidden="true">{result?.tone === 'success' ? '✓' : '!'}</span>
          <span data-testid="result-message">{result?.message}</span>
        </p>
      </Modal>
    </div>
  );
}

interface EditorProps {
  kd: string;
  code: string;
  tab: TabName;
  response: FormulaResponse;
  onResult: (result: Result) => void;
}

function Editor({ kd, code, tab, response, onResult }: EditorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const mobile = useIsMobile();
  const saved = useMemo(() => draftFromResponse(response), [response]);
  // A draft kept while its author signed in comes back in place of the saved formula.
  const [kept] = useState(() => readKeptDraft(kd, code));
  const [draft, setDraft] = useState<FormulaDraft>(() => kept ?? saved);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const [signIn, setSignIn] = useState<SignInReason | null>(null);
  const { blocker, allowLeave } = useLeaveGuard(dirty);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSaveFormula(kd, code);
  // The client's guess of who may upload Hall of Heroes data (the server decides): this kingdom's admins and
  // superadmins.
  const canAdminister =
    session.isAuthenticated && (session.isSuperadmin || (session.user?.kingdoms ?? []).includes(Number(kd)));
  const reset = useResetFormula(kd, code);
  const nearBottom = useNearBottom(FLOATING_HIDE_PX);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // SPEC §4: any edit clears the validation errors on display.
  const edit = (patch: Partial<FormulaDraft>) => {
    setErrors([]);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const goTo = (next: TabName) => navigate(`/${kd}/formula/${code}/${next}`, { replace: false });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = (index + delta + TABS.length) % TABS.length;
    goTo(TABS[next]!);
    tabRefs.current[next]?.focus();
  };

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

  const onSave = () => {
    // The draft's own problems first: they are worth fixing before signing in.
    const problems = validateDraft(draft, response);
    if (problems.length > 0) {
      setErrors(problems);
      onResult({ tone: 'error', message: FORMULA_MESSAGES.validationError });
      return;
    }
    setErrors([]);
    if (!session.isAuthenticated) {
      setSignIn('signed-out');
      return;
    }
    save.mutate(savePayload(kd, code, draft), {
      onSuccess: (answer) =>
        onResult({ tone: 'success', message: answer.message || formulaSavedMessage(answer.wars) }),
      onError: (error) => {
        // The session ran out while editing (the client has already forgotten it): offer the round trip.
        if (isApiError(error, 401)) {
          setSignIn('expired');
          return;
        }
        const issues = saveIssues(error);
        if (issues.length > 0) {
          setErrors(issues);
          onResult({ tone: 'error', message: FORMULA_MESSAGES.validationError });
        } else {
          onResult({
            tone: 'error',
            message: `Failed to save formula: ${errorText(error, 'Unknown error occurred')}`,
          });
        }
      },
    });
  };

  const onReset = () => {
    reset.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirmReset(false);
        onResult({ tone: 'success', message: answer.message || FORMULA_MESSAGES.reset });
      },
      onError: (error) => {
        setConfirmReset(false);
        onResult({
          tone: 'error',
          message: `Failed to reset formula: ${errorText(error, 'Failed to reset formula')}`,
        });
      },
    });
  };

  const busy = save.isPending || reset.isPending;
  const label = save.isPending ? 'Saving...' : saveButtonLabel(draft.wars, mobile);

  return (
    <div className="space-y-4">
      <div
        role="tablist"
        aria-label="Formula editor sections"
        className="grid grid-cols-3 gap-1 rounded-xl border border-slate-800 bg-slate-900/70 p-1"
      >
        {TABS.map((name, index) => {
          const selected = name === tab;
          return (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={selected}
              aria-controls={`panel-${name}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => goTo(name)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={`flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-sky-400 ${
                selected ? 'bg-sky-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
              }`}
            >
              <span
                aria-hidden="true"
                className={`grid size-5 place-items-center rounded-full text-xs font-bold ${
                  selected ? 'bg-slate-950/20' : 'bg-slate-800'
                }`}
              >
                {index + 1}
              </span>
              {FORMULA_TAB_LABELS[name]}
            </button>
          );
        })}
      </div>

      {kept && dirty && <Notice tone="info">Your unsaved changes are back. Save to keep them.</Notice>}

      {errors.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-3 text-sm text-red-100"
        >
          <p className="font-semibold">Please fix the following errors:</p>
          <ul className="mt-1.5 list-disc space-y-0.5 pl-5" data-testid="error-list">
            {errors.map((message) => (
              <li key={message}>{message}</li>
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
          />
        )}
        {tab === 'wars' && (
          <WarsTab wars={draft.wars} scans={response.dates} onWars={(wars) => edit({ wars })} />
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-800 pt-4 sm:flex-row sm:items-center sm:justify-between">
        {!session.isAuthenticated && (
          <p className="text-sm text-slate-400 sm:order-last sm:ml-auto">
            Saving needs an admin of this kingdom:{' '}
            <button type="button" className="font-medium text-sky-300 underline" onClick={goSignIn}>
              Sign in
            </button>
          </p>
        )}
        <button
          type="button"
          className={`${secondaryButton} text-red-200 hover:border-red-400/60`}
          onClick={() => setConfirmReset(true)}
          disabled={busy}
        >
          {reset.isPending ? 'Resetting...' : 'Reset to Default'}
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

      {mobile && !nearBottom && (
        <button
          type="button"
          onClick={onSave}
          disabled={busy}
          data-testid="floating-save"
          aria-label={`${saveButtonLabel(draft.wars)} (floating)`}
          className={`${primaryButton} fixed right-4 bottom-4 z-40 h-12 rounded-full px-6 shadow-lg shadow-black/50`}
        >
          {label}
        </button>
      )}

      <ConfirmDialog
        open={confirmReset}
        title="Reset to Default"
        confirmLabel="Reset to Default"
        busyLabel="Resetting..."
        busy={reset.isPending}
        onConfirm={onReset}
        onClose={() => setConfirmReset(false)}
      >
        <p>
          The kingdom's saved formula, goals and wars are replaced by the default formula. Unsaved changes on
          this page are lost.
        </p>
      </ConfirmDialog>
      <SignInDialog reason={signIn} onSignIn={goSignIn} onClose={() => setSignIn(null)} />
      <LeaveDialog blocker={blocker} />
    </div>
  );
}
