interface SpinnerProps {
  label?: string;
}

export function Spinner({ label = 'Loading...' }: SpinnerProps) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-300">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-600 border-t-sky-400"
      />
      <span>{label}</span>
    </div>
  );
}
