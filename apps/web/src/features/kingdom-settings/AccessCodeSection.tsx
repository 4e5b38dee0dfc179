import { isValidAccessCode } from '@kingdom-stats/core';
import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { useKingdomAdminActions } from '../../api/admin-kingdoms.ts';
import { segment } from '../../api/client.ts';
import { inputClass, secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText } from './shared.ts';

type Actions = ReturnType<typeof useKingdomAdminActions>;

export function AccessCodeSection({ data, actions }: { data: AdminKingdomResponse; actions: Actions }) {
  const { kingdom } = data;
  const { t } = useT();
  const navigate = useNavigate();
  const [wanted, setWanted] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A chosen code the server would refuse is said at once, before the question (issue 41): core's rule, the server's.
  const [invalid, setInvalid] = useState(false);
  const [copied, setCopied] = useState(false);
  const codeId = useId();
  const hintId = useId();
  const rotate = actions.rotateCode;

  const confirm = () => {
    rotate.mutate(wanted.trim() || undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        setWanted('');
        // The page's own address carries the code: move to the new one.
        navigate(`/admin/settings/${segment(kingdom.kd)}/${segment(answer.code)}`, {
          replace: true,
          state: { notice: t('settings.codeChanged', { code: answer.code }) },
        });
      },
    });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(kingdom.code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (permissions): the code is on screen to copy by hand.
    }
  };

  return (
    <Section
      id="access-code"
      title={t('settings.accessCode')}
      description={t('settings.accessCodeDescription')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="rounded-lg border border-slate-700 bg-slate-950 px-3 py-1.5 font-mono text-base break-all text-white"
          data-testid="access-code"
        >
          {kingdom.code}
        </code>
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          {copied ? t('settings.copied') : t('settings.copy')}
        </button>
      </div>
      <Notice tone="warning" className="mt-4">
        {t('settings.codeWarning')}
      </Notice>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label={t('settings.newCode')}
          htmlFor={codeId}
          className="flex-1"
          hint={
            invalid ? (
              <span id={hintId} role="alert" className="text-rose-300">
                {t('settings.codeInvalid')}
              </span>
            ) : (
              <span id={hintId}>{t('settings.newCodeHint')}</span>
            )
          }
        >
          <input
            id={codeId}
            value={wanted}
            maxLength={64}
            aria-invalid={invalid || undefined}
            aria-describedby={hintId}
            onChange={(e) => {
              setWanted(e.target.value);
              setInvalid(false);
            }}
            className={inputClass}
          />
        </Field>
        <button
          type="button"
          className={`${secondaryButton} border-amber-500/50 text-amber-200 sm:mb-5`}
          onClick={() => {
            if (wanted.trim() && !isValidAccessCode(wanted)) {
              setInvalid(true);
              return;
            }
            rotate.reset();
            setConfirming(true);
          }}
        >
          {t('settings.changeCode')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('settings.changeCodeTitle')}
        confirmLabel={t('settings.changeCodeConfirm')}
        busyLabel={t('settings.changing')}
        busy={rotate.isPending}
        error={rotate.isError ? errorText(rotate.error, t('settings.changeCodeFailed')) : null}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <p>{t('settings.codeWarning')}</p>
        <p>
          {wanted.trim() ? (
            <>
              {t('settings.newCodeIs')}{' '}
              <strong className="font-mono text-white" dir="ltr">
                {wanted.trim()}
              </strong>
            </>
          ) : (
            t('settings.newCodeRandom')
          )}
        </p>
      </ConfirmDialog>
    </Section>
  );
}
