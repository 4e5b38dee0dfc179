import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'success' | 'error' | 'warning' | 'info';
  children: ReactNode;
  className?: string;
}

const TONES = {
  success: 'border-emerald-500/40 bg-emerald-950/40 text-emerald-100',
  error: 'border-red-500/40 bg-red-950/40 text-red-100',
  warning: 'border-amber-500/40 bg-amber-950/30 text-amber-100',
  info: 'border-sky-500/30 bg-sky-950/30 text-sky-100',
} as const;

/** A one-line (or few-line) message: success and info are polite status, errors and warnings are alerts. */
export function Notice({ tone, children, className = '' }: NoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm break-words ${TONES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
