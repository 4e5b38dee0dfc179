import { useT } from '../../i18n/i18n.ts';

interface SpinnerProps {
  label?: string;
}

export function Spinner({ label }: SpinnerProps) {
  const { t } = useT();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-300">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-600 border-t-sky-400"
      />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
