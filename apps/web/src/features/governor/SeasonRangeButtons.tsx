import type { ShadedSpan } from './series.ts';

const button =
  'rounded-md border border-slate-700 px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400';

/** "All scans" and a button per season (seasonsWithScans): which scans a chart shows. Null is every scan. */
export function SeasonRangeButtons({
  seasons,
  shown,
  onShow,
}: {
  seasons: readonly ShadedSpan[];
  shown: string | null;
  onShow: (label: string | null) => void;
}) {
  if (seasons.length === 0) return null;
  return (
    <fieldset className="mb-3 flex flex-wrap gap-1">
      <legend className="sr-only">Scans shown</legend>
      {[null, ...seasons.map((span) => span.label)].map((label) => (
        <button
          key={label ?? 'all'}
          type="button"
          aria-pressed={shown === label}
          onClick={() => onShow(label)}
          className={`${button} ${shown === label ? 'bg-sky-500/20 text-sky-100' : 'text-slate-300 hover:text-white'}`}
        >
          {label ?? 'All scans'}
        </button>
      ))}
    </fieldset>
  );
}
