import {
  customParamsOfDays,
  daysOfCustomParams,
  EMPTY_SELECTION,
  type RangeSelection,
} from '@kingdom-stats/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { type RallyQuery, useRallyData } from '../../api/rally.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel } from '../../components/feedback/Panel.tsx';
import { PRODUCT_NAME } from '../../components/layout/AppShell.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { useT } from '../../i18n/i18n.ts';
import { AddressNotice } from '../dashboard/AddressNotice.tsx';
import { useAddressCheck } from '../dashboard/useAddressCheck.ts';
import { kingdomLabel } from '../kingdom.ts';
import { rallyAddressProblems, useRallyView } from './address.ts';
import { DateRangeModal } from './DateRangeModal.tsx';
import { periodText, rangeText } from './dates.ts';
import { rallyErrorMessage } from './errors.ts';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { PeriodFilter } from './PeriodFilter.tsx';
import { RallyFooter } from './RallyFooter.tsx';
import { RallyResults } from './RallyResults.tsx';
import { RallySearch } from './RallySearch.tsx';
import { SummaryCards } from './SummaryCards.tsx';

function Header({ kd }: { kd?: string }) {
  const { t } = useT();
  return (
    <div className="mb-5 flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${t('rally.title')} · ${kingdomLabel(kd)} · ${PRODUCT_NAME}`}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('rally.title')}</h1>
        {kd && <p className="mt-1 text-sm text-slate-400">{kingdomLabel(kd)}</p>}
      </div>
      <p className="inline-flex items-center gap-2 text-sm text-slate-400">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
        {t('rally.updates')}
      </p>
    </div>
  );
}

export function Component() {
  const { t } = useT();
  const { kd = '', code = '' } = useParams();
  if (kd.trim() === '' || code.trim() === '') {
    return (
      <>
        <Header />
        <ErrorPanel message={t('rally.kdAndCodeRequired')} />
      </>
    );
  }
  return <RallyDataView key={`${kd}/${code}`} kd={kd} code={code} />;
}

type Change = 'search' | 'other';

function RallyDataView({ kd, code }: { kd: string; code: string }) {
  const { t, locale } = useT();
  // The period, search and page live in the address (address.ts): shareable, and kept over a reload.
  const { view, change: changeView } = useRallyView();
  const { dateFilter, custom, page, pageSize, search } = view;
  const [searchInput, setSearchInput] = useState(search);
  // Back and Forward change the applied search: the box follows it.
  useEffect(() => setSearchInput(search), [search]);
  const [lastChange, setLastChange] = useState<Change>('other');
  const [pickerOpen, setPickerOpen] = useState(false);
  const addressCheck = useAddressCheck(rallyAddressProblems);

  const query: RallyQuery = {
    dateFilter,
    customStart: custom?.custom_start ?? null,
    customEnd: custom?.custom_end ?? null,
    page,
    pageSize,
    search,
  };
  const rally = useRallyData(kd, code, query);
  const data = rally.data;

  // A page beyond the last (the data changed under the reader) falls back to the last page.
  useEffect(() => {
    if (data && !rally.isPlaceholderData && data.totalPages > 0 && page > data.totalPages)
      changeView({ page: data.totalPages }, { replace: true });
  }, [data, rally.isPlaceholderData, page, changeView]);

  const change = (kind: Change, apply: () => void) => {
    setLastChange(kind);
    apply();
  };

  const appliedSelection: RangeSelection = custom
    ? (() => {
        const days = daysOfCustomParams(custom.custom_start, custom.custom_end);
        return { start: days.from, end: days.to };
      })()
    : EMPTY_SELECTION;
  const shownPeriod =
    dateFilter === 'custom' && custom
      ? rangeText(appliedSelection, locale)
      : data
        ? periodText(data.period, locale)
        : null;

  let body: React.ReactNode;
  if (rally.isError && isInvalidLinkError(rally.error)) {
    body = <InvalidLinkPanel />;
  } else if (data === undefined && rally.isError) {
    body = (
      <ErrorPanel
        message={rallyErrorMessage(rally.error)}
        onRetry={() => void rally.refetch()}
        retrying={rally.isFetching}
      />
    );
  } else if (data === undefined) {
    body = (
      <div className="relative min-h-64 rounded-xl border border-slate-800 bg-slate-900/30">
        <LoadingOverlay label={t('rally.loading')} />
      </div>
    );
  } else {
    const updating = rally.isFetching;
    body = (
      <div className="flex flex-col gap-4">
        <SummaryCards stats={data.summaryStats} />
        <RallySearch
          value={searchInput}
          onChange={setSearchInput}
          applied={search !== ''}
          onSearch={() => change('search', () => changeView({ search: searchInput.trim(), page: 1 }))}
          onClear={() =>
            change('search', () => {
              setSearchInput('');
              changeView({ search: '', page: 1 });
            })
          }
        />
        <div className="relative" aria-busy={updating}>
          {updating && (
            <LoadingOverlay label={lastChange === 'search' ? t('rally.searching') : t('rally.updating')} />
          )}
          {rally.isError ? (
            <ErrorPanel
              message={rallyErrorMessage(rally.error)}
              onRetry={() => void rally.refetch()}
              retrying={rally.isFetching}
            />
          ) : (
            <RallyResults rows={data.rallyData} />
          )}
        </div>
        {data.totalParticipants > 0 && (
          <RallyFooter
            page={Math.min(page, Math.max(1, data.totalPages))}
            pageSize={pageSize}
            totalPages={data.totalPages}
            total={data.totalParticipants}
            onPageChange={(next) =>
              change('other', () => {
                changeView({ page: next });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              })
            }
            onPageSizeChange={(size) => change('other', () => changeView({ pageSize: size, page: 1 }))}
          />
        )}
      </div>
    );
  }

  return (
    <>
      <KingdomNav kd={kd} code={code} />
      <Header kd={kd} />
      <div className="mb-4">
        <PeriodFilter
          value={dateFilter}
          periodLabel={shownPeriod}
          onPreset={(preset) =>
            change('other', () => changeView({ dateFilter: preset, custom: null, page: 1 }))
          }
          onCustom={() => setPickerOpen(true)}
        />
      </div>
      <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
      {body}
      <DateRangeModal
        open={pickerOpen}
        initial={appliedSelection}
        onClose={() => setPickerOpen(false)}
        onApply={({ start, end }) => {
          change('other', () =>
            changeView({ dateFilter: 'custom', custom: customParamsOfDays(start, end), page: 1 }),
          );
          setPickerOpen(false);
        }}
      />
    </>
  );
}
