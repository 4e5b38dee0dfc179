import { pillButton } from '../../components/controls/styles.ts';
import type { ShadedSpan } from './series.ts';

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
          className={pillButton(shown === label, true)}
        >
          {label ?? 'All scans'}
        </button>
      ))}
    </fieldset>
  );
}
