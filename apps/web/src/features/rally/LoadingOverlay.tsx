interface LoadingOverlayProps {
  label: string;
}

/** Covers the area it is placed in (a relative parent) with a spinner and a label, keeping what is behind visible. */
export function LoadingOverlay({ label }: LoadingOverlayProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="absolute inset-0 z-10 flex items-start justify-center rounded-xl bg-slate-950/60 pt-16 backdrop-blur-[1px]"
    >
      <div className="flex items-center gap-3 rounded-lg border border-slate-700 bg-slate-900 px-4 py-3 text-sm text-slate-200 shadow-lg shadow-black/40">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-slate-600 border-t-sky-400"
        />
        <span>{label}</span>
      </div>
    </div>
  );
}
