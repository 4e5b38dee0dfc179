import { pillButton } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';
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
  const { t } = useT();
  if (seasons.length === 0) return null;
  return (
    <fieldset className="mb-3 flex flex-wrap gap-1">
      <legend className="sr-only">{t('governor.charts.scansShown')}</legend>
      {[null, ...seasons.map((span) => span.label)].map((label) => (
        <button
          key={label ?? 'all'}
          type="button"
          aria-pressed={shown === label}
          onClick={() => onShow(label)}
          className={pillButton(shown === label, true)}
        >
          {label ?? t('governor.charts.allScans')}
        </button>
      ))}
    </fieldset>
  );
}
