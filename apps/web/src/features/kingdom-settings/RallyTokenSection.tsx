import { type ReactNode, useState } from 'react';
import { useRallyTokenStatus, useRotateRallyToken } from '../../api/admin-kingdoms.ts';
import { isApiError } from '../../api/client.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText } from './shared.ts';

/** The rally bot's ingestion token: shown once when created, only its hash is kept. */
export function RallyTokenSection({ kd }: { kd: number }) {
  const { t } = useT();
  const status = useRallyTokenStatus(String(kd));
  const rotate = useRotateRallyToken(String(kd));
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const endpoint = `${window.location.origin}/api/rally/${kd}/events`;

  const create = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        setToken(answer.token);
      },
    });

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // The token is on screen to copy by hand.
    }
  };

  let body: ReactNode;
  if (status.isPending) body = <p className="text-sm text-slate-400">{t('common.loading')}</p>;
  else if (status.isError) {
    body = (
      <Notice tone={isApiError(status.error, 404) ? 'info' : 'error'}>
        {isApiError(status.error, 404) ? t('settings.rally.unavailable') : status.error.message}
      </Notice>
    );
  } else {
    const exists = status.data.exists;
    body = (
      <>
        <p className="text-sm text-slate-300">
          {exists
            ? t('settings.rally.exists', { time: formatUtc(status.data.createdAt) })
            : t('settings.rally.none')}
        </p>
        <p className="mt-2 text-xs text-slate-400">{t('settings.rally.how')}</p>
        <p className="mt-1 font-mono text-xs break-all text-slate-300" dir="ltr">
          POST {endpoint}
          <br />
          Authorization: Bearer &lt;token&gt;
        </p>
        <button
          type="button"
          className={`${exists ? secondaryButton : primaryButton} mt-4`}
          onClick={() => {
            rotate.reset();
            if (exists) setConfirming(true);
            else create();
          }}
          disabled={rotate.isPending}
        >
          {rotate.isPending
            ? t('settings.rally.creating')
            : exists
              ? t('settings.rally.rotate')
              : t('settings.rally.create')}
        </button>
        {rotate.isError && !confirming && (
          <Notice tone="error" className="mt-3">
            {errorText(rotate.error, t('settings.rally.createFailed'))}
          </Notice>
        )}
      </>
    );
  }

  return (
    <Section id="rally-token" title={t('settings.rally.title')} description={t('settings.rally.description')}>
      {body}
      {token && (
        <div className="mt-4 space-y-2">
          <Notice tone="success">{t('settings.rally.copyNow')}</Notice>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              value={token}
              aria-label={t('settings.rally.newToken')}
              onFocus={(e) => e.target.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 font-mono text-sm text-white"
            />
            <button type="button" className={secondaryButton} onClick={() => void copy()}>
              {copied ? t('settings.copied') : t('settings.copy')}
            </button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('settings.rally.rotateTitle')}
        confirmLabel={t('settings.rally.rotate')}
        busyLabel={t('settings.rally.rotating')}
        busy={rotate.isPending}
        error={rotate.isError ? errorText(rotate.error, t('settings.rally.rotateFailed')) : null}
        onConfirm={create}
        onClose={() => setConfirming(false)}
      >
        <p>{t('settings.rally.rotateConfirm')}</p>
      </ConfirmDialog>
    </Section>
  );
}
