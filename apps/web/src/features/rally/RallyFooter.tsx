import { RALLY_PAGE_SIZES } from '@kingdom-stats/core';
import { Pager } from '../../components/table/Pager.tsx';
import { PageSizeSelect } from '../../components/table/PageSizeSelect.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';

interface RallyFooterProps {
  page: number;
  pageSize: number;
  totalPages: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  disabled?: boolean;
}

/** 'Showing x to y of n participants' (SPEC), page sizes 20/50/100/200 and the pager. */
export function RallyFooter({
  page,
  pageSize,
  totalPages,
  total,
  onPageChange,
  onPageSizeChange,
  disabled,
}: RallyFooterProps) {
  const { t } = useT();
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <p className="text-sm text-slate-400" aria-live="polite" data-testid="rally-showing">
        {t('rally.showing', { from: fullNumber(from), to: fullNumber(to), total, count: fullNumber(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <PageSizeSelect
          value={pageSize}
          onChange={onPageSizeChange}
          sizes={RALLY_PAGE_SIZES}
          disabled={disabled}
        />
        <Pager
          page={page}
          pageCount={totalPages}
          onPageChange={onPageChange}
          label={t('rally.pages')}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
