import { type ReactNode, useState } from 'react';
import { useRallyTokenStatus, useRotateRallyToken } from '../../api/admin-kingdoms.ts';
import { isApiError } from '../../api/client.ts';
import { primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { formatUtc } from '../admin-shared/time.ts';
import { errorText } from './shared.ts';

/** The rally bot's ingestion token: shown once when created, only its hash is kept. */
export function RallyTokenSection({ kd }: { kd: number }) {
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
  if (status.isPending) body = <p className="text-sm text-slate-400">Loading...</p>;
  else if (status.isError) {
    body = (
      <Notice tone={isApiError(status.error, 404) ? 'info' : 'error'}>
        {isApiError(status.error, 404)
          ? 'Rally ingestion is not available on this server.'
          : status.error.message}
      </Notice>
    );
  } else {
    const exists = status.data.exists;
    body = (
      <>
        <p className="text-sm text-slate-300">
          {exists ? (
            <>
              A token exists, created {formatUtc(status.data.createdAt)}. Creating a new one stops the old one
              at once.
            </>
          ) : (
            'No token yet: the rally bot cannot send rallies for this kingdom.'
          )}
        </p>
        <p className="mt-2 text-xs text-slate-400">
          The bot sends <span className="font-mono text-slate-300">POST {endpoint}</span> with{' '}
          <span className="font-mono text-slate-300">Authorization: Bearer &lt;token&gt;</span>.
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
          {rotate.isPending ? 'Creating...' : exists ? 'Rotate token' : 'Create token'}
        </button>
        {rotate.isError && !confirming && (
          <Notice tone="error" className="mt-3">
            {errorText(rotate.error, 'Failed to create the token')}
          </Notice>
        )}
      </>
    );
  }

  return (
    <Section
      id="rally-token"
      title="Rally ingestion token"
      description="Lets your rally bot post rallies to the Rally Data page."
    >
      {body}
      {token && (
        <div className="mt-4 space-y-2">
          <Notice tone="success">Copy this token now: it is shown only once.</Notice>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              value={token}
              aria-label="New rally ingestion token"
              onFocus={(e) => e.target.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 font-mono text-sm text-white"
            />
            <button type="button" className={secondaryButton} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Rotate the rally token?"
        confirmLabel="Rotate token"
        busyLabel="Rotating..."
        busy={rotate.isPending}
        error={rotate.isError ? errorText(rotate.error, 'Failed to rotate the token') : null}
        onConfirm={create}
        onClose={() => setConfirming(false)}
      >
        <p>The current token stops working at once: update the rally bot with the new one.</p>
      </ConfirmDialog>
    </Section>
  );
}
