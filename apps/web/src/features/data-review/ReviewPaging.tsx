import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { smallButton } from '../kingdom-settings/shared.ts';

/** Previous / Next under the flag list, with "51–100 of 240". */
export function ReviewPaging({
  page,
  pageSize,
  shown,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useT();
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('review.pages')} className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-300" aria-live="polite">
        {shown === 0
          ? t('review.noneHere', { total: fullNumber(total) })
          : t('review.range', { first: fullNumber(first), last: fullNumber(last), total: fullNumber(total) })}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <button type="button" className={smallButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('review.previous')}
          </button>
          <button
            type="button"
            className={smallButton}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('review.next')}
          </button>
        </div>
      )}
    </nav>
  );
}
