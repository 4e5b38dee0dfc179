import {
  INACTIVE_SCANS_DEFAULT,
  INACTIVE_SCANS_MAX,
  INACTIVE_SCANS_MIN,
  type MovementsResponse,
} from '@kingdom-stats/core/api';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { type MovementsView, useMovements } from '../../api/movements.ts';
import { selectClass } from '../../components/controls/styles.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { kingdomLabel } from '../kingdom.ts';
import { MovementTable } from './MovementTable.tsx';

const INACTIVE_CHOICES = [2, 3, 4, 5, 6, 8, 10, 15, 20, 30, INACTIVE_SCANS_MAX];

/** The period and the inactivity window live in the address (`?start=&end=&inactive=`): shareable links. */
function useMovementsView(): [MovementsView, (change: Partial<MovementsView>) => void] {
  const [search, setSearch] = useSearchParams();
  const inactive = Number(search.get('inactive'));
  const view: MovementsView = {
    start: search.get('start'),
    end: search.get('end'),
    inactiveScans:
      Number.isInteger(inactive) && inactive >= INACTIVE_SCANS_MIN && inactive <= INACTIVE_SCANS_MAX
        ? inactive
        : INACTIVE_SCANS_DEFAULT,
  };
  const change = (next: Partial<MovementsView>) => {
    const merged = { ...view, ...next };
    const params = new URLSearchParams();
    if (merged.start !== null) params.set('start', merged.start);
    if (merged.end !== null) params.set('end', merged.end);
    if (merged.inactiveScans !== INACTIVE_SCANS_DEFAULT) params.set('inactive', String(merged.inactiveScans));
    setSearch(params);
  };
  return [view, change];
}

/** Arrivals, departures and inactive governors of a period (issue 13 item 2; definitions: docs/movements.md). */
export function Component() {
  const { t } = useT();
  const params = useParams();
  const kd = params.kd ?? '';
  const code = params.code ?? '';
  const [view, change] = useMovementsView();
  const query = useMovements(kd, code, view);
  const data = query.data;
  // A wrong kd/code gets the viewer screens' panel alone: the kingdom bar's links would carry the same wrong code.
  if (isInvalidLinkError(query.error)) return <InvalidLinkPanel />;

  return (
    <div className="space-y-4">
      <KingdomNav kd={kd} code={code} />
      <PageHeader
        title={t('movements.title', { kingdom: kingdomLabel(kd) })}
        description={t('movements.description')}
      />
      {query.isPending ? (
        <Spinner label={t('movements.loading')} />
      ) : !data ? (
        <ErrorPanel
          message={t('movements.fetchFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : data.dates.length === 0 ? (
        <Panel title={t('movements.noScans.title')}>
          <p>{t('movements.noScans.text')}</p>
        </Panel>
      ) : (
        <>
          <Controls data={data} view={view} onChange={change} />
          {query.error && <Notice tone="error">{t('movements.keptPrevious')}</Notice>}
          <Tables kd={kd} code={code} data={data} busy={query.isFetching} />
        </>
      )}
    </div>
  );
}

function Controls({
  data,
  view,
  onChange,
}: {
  data: MovementsResponse;
  view: MovementsView;
  onChange: (change: Partial<MovementsView>) => void;
}) {
  const { t } = useT();
  const startId = useId();
  const endId = useId();
  const inactiveId = useId();
  const start = view.start ?? data.selectedDates.start;
  const end = view.end ?? data.selectedDates.end;
  // A start after the end moves the end with it (and the other way round): the period is always one the server takes.
  const pick = (key: 'start' | 'end', value: string) => {
    if (key === 'start') onChange({ start: value, end: Number(value) > Number(end) ? value : end });
    else onChange({ start: Number(value) < Number(start) ? value : start, end: value });
  };
  const dateSelect = (id: string, label: string, value: string, key: 'start' | 'end') => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        // The scans' names are the server's 'YYYY-MM-DD HH:MM UTC · label': left to right in every language, as on
        // the main dashboard.
        dir="ltr"
        className={`${selectClass} w-full sm:w-64 lg:w-80`}
        value={value}
        onChange={(event) => pick(key, event.target.value)}
      >
        {data.dates.map((date) => (
          <option key={date.timestamp} value={String(date.timestamp)}>
            {date.display}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {dateSelect(startId, t('movements.startDate'), start, 'start')}
        {dateSelect(endId, t('movements.endDate'), end, 'end')}
        <div className="flex flex-col gap-1">
          <label htmlFor={inactiveId} className="text-xs font-medium text-slate-400">
            {t('movements.inactiveAfter')}
          </label>
          <select
            id={inactiveId}
            className={`${selectClass} w-full sm:w-40`}
            value={String(view.inactiveScans)}
            onChange={(event) => onChange({ inactiveScans: Number(event.target.value) })}
          >
            {INACTIVE_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {t('movements.scans', { n, count: fullNumber(n) })}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

function Tables({
  kd,
  code,
  data,
  busy,
}: {
  kd: string;
  code: string;
  data: MovementsResponse;
  busy: boolean;
}) {
  const { t } = useT();
  const period = { start: Number(data.selectedDates.start), end: Number(data.selectedDates.end) };
  const common = { kd, code, period, inactiveScans: data.inactiveScans, busy };
  const cutoff =
    data.cutoffPower === null
      ? t('movements.cutoffUnknown')
      : t('movements.cutoff', { power: fullNumber(data.cutoffPower) });
  return (
    <div className="space-y-4">
      <MovementTable
        {...common}
        kind="arrived"
        title={t('movements.arrived.title')}
        description={t('movements.arrived.description')}
        empty={t('movements.arrived.empty')}
        rows={data.arrived}
      />
      <MovementTable
        {...common}
        kind="left"
        title={t('movements.left.title')}
        // Two whole sentences, each its own message.
        description={`${t('movements.left.description')} ${cutoff}`}
        empty={t('movements.left.empty')}
        rows={data.left}
      />
      <MovementTable
        {...common}
        kind="inactive"
        title={t('movements.inactive.title')}
        description={t('movements.inactive.description', {
          n: data.inactiveScans,
          count: fullNumber(data.inactiveScans),
        })}
        empty={t('movements.inactive.empty')}
        rows={data.inactive}
      />
    </div>
  );
}
