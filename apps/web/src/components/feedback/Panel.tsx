import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n.ts';

interface PanelProps {
  title: string;
  tone?: 'neutral' | 'error';
  children?: ReactNode;
}

/** A centred message box for empty, not-found and error states. */
export function Panel({ title, tone = 'neutral', children }: PanelProps) {
  const border = tone === 'error' ? 'border-red-500/40 bg-red-950/30' : 'border-slate-700 bg-slate-900';
  return (
    <section
      role={tone === 'error' ? 'alert' : undefined}
      className={`mx-auto max-w-lg rounded-lg border p-6 text-center ${border}`}
    >
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {children && <div className="mt-3 space-y-4 text-sm text-slate-300">{children}</div>}
    </section>
  );
}

interface ErrorPanelProps {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorPanel({ message, onRetry, retrying = false }: ErrorPanelProps) {
  const { t } = useT();
  return (
    <Panel title={t('error.title')} tone="error">
      <p>{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="rounded-md bg-sky-600 px-4 py-2 text-sm font-medium text-white hover:bg-sky-500 disabled:opacity-60"
        >
          {retrying ? t('error.retrying') : t('error.retry')}
        </button>
      )}
    </Panel>
  );
}
