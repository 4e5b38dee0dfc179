import { type ReactNode, useState } from 'react';
import {
  type IngestTokenKind,
  useIngestTokenActions,
  useIngestTokenStatus,
} from '../../api/admin-kingdoms.ts';
import { isApiError } from '../../api/client.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { ConfirmDialog, dangerButton } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText } from './shared.ts';

/** What differs between the two tokens: their words, the call the machine makes, and whether it can be revoked. */
const KINDS: Record<
  IngestTokenKind,
  {
    section: string;
    title: MessageId;
    description: MessageId;
    none: MessageId;
    how: MessageId;
    newToken: MessageId;
    rotateTitle: MessageId;
    rotateConfirm: MessageId;
    call: (origin: string, kd: number) => string[];
    revocable: boolean;
  }
> = {
  rally: {
    section: 'rally-token',
    title: 'settings.rally.title',
    description: 'settings.rally.description',
    none: 'settings.rally.none',
    how: 'settings.rally.how',
    newToken: 'settings.rally.newToken',
    rotateTitle: 'settings.rally.rotateTitle',
    rotateConfirm: 'settings.rally.rotateConfirm',
    call: (origin, kd) => [`POST ${origin}/api/rally/${kd}/events`, 'Authorization: Bearer <token>'],
    revocable: false,
  },
  upload: {
    section: 'upload-token',
    title: 'settings.upload.title',
    description: 'settings.upload.description',
    none: 'settings.upload.none',
    how: 'settings.upload.how',
    newToken: 'settings.upload.newToken',
    rotateTitle: 'settings.upload.rotateTitle',
    rotateConfirm: 'settings.upload.rotateConfirm',
    call: (origin, kd) => [
      `curl -H "Authorization: Bearer <token>" -F file=@scan.xlsx ${origin}/api/upload/${kd}/scans`,
    ],
    revocable: true,
  },
};

/**
 * A machine's token for this kingdom: the rally bot's, or the upload token a scanner machine or bot sends files
 * with (docs/security.md). Shown once when created, only its hash is kept; rotating stops the old one at once.
 */
export function IngestTokenSection({ kd, kind }: { kd: number; kind: IngestTokenKind }) {
  const { t } = useT();
  const words = KINDS[kind];
  const status = useIngestTokenStatus(String(kd), kind);
  const { rotate, revoke } = useIngestTokenActions(String(kd), kind);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const create = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(null);
        setToken(answer.token);
      },
    });
  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setToken(null);
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
          {exists ? t('settings.rally.exists', { time: formatUtc(status.data.createdAt) }) : t(words.none)}
        </p>
        <p className="mt-2 text-xs text-slate-400">{t(words.how)}</p>
        <p className="mt-1 font-mono text-xs break-all text-slate-300" dir="ltr">
          {words.call(window.location.origin, kd).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className={exists ? secondaryButton : primaryButton}
            onClick={() => {
              rotate.reset();
              if (exists) setConfirming('rotate');
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
          {words.revocable && exists && (
            <button
              type="button"
              className={dangerButton}
              onClick={() => {
                revoke.reset();
                setConfirming('revoke');
              }}
            >
              {t('settings.upload.revoke')}
            </button>
          )}
        </div>
        {rotate.isError && confirming === null && (
          <Notice tone="error" className="mt-3">
            {errorText(rotate.error, t('settings.rally.createFailed'))}
          </Notice>
        )}
        {revoke.isSuccess && !exists && (
          <Notice tone="success" className="mt-3">
            {t('settings.upload.revoked')}
          </Notice>
        )}
      </>
    );
  }

  return (
    <Section id={words.section} title={t(words.title)} description={t(words.description)}>
      {body}
      {token && (
        <div className="mt-4 space-y-2">
          <Notice tone="success">{t('settings.rally.copyNow')}</Notice>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              value={token}
              aria-label={t(words.newToken)}
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
        open={confirming === 'rotate'}
        title={t(words.rotateTitle)}
        confirmLabel={t('settings.rally.rotate')}
        busyLabel={t('settings.rally.rotating')}
        busy={rotate.isPending}
        error={rotate.isError ? errorText(rotate.error, t('settings.rally.rotateFailed')) : null}
        onConfirm={create}
        onClose={() => setConfirming(null)}
      >
        <p>{t(words.rotateConfirm)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'revoke'}
        title={t('settings.upload.revokeTitle')}
        confirmLabel={t('settings.upload.revoke')}
        busyLabel={t('settings.upload.revoking')}
        busy={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error, t('settings.upload.revokeFailed')) : null}
        onConfirm={end}
        onClose={() => setConfirming(null)}
      >
        <p>{t('settings.upload.revokeConfirm')}</p>
      </ConfirmDialog>
    </Section>
  );
}
