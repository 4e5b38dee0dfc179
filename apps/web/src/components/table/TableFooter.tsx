import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Pager } from './Pager.tsx';
import { PageSizeSelect } from './PageSizeSelect.tsx';

interface TableFooterProps {
  page: number;
  pageSize: number;
  total: number;
  /** What a row is: the count says '1 governor' or '3,712 governors' in the reader's language. */
  noun: 'governor' | 'kingdom' | 'camp';
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  label: string;
  disabled?: boolean;
}

/** 'Showing 1–20 of 3,712 governors' ('of 1 governor'), the page size and the pager. */
export function TableFooter({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  onPageSizeChange,
  label,
  disabled,
}: TableFooterProps) {
  const { t } = useT();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <p className="text-sm text-slate-400" aria-live="polite" data-testid="table-range">
        {t(`table.range.${noun}`, {
          from: fullNumber(from),
          to: fullNumber(to),
          total,
          count: fullNumber(total),
        })}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} disabled={disabled} />
        <Pager
          page={page}
          pageCount={pageCount}
          onPageChange={onPageChange}
          label={label}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
