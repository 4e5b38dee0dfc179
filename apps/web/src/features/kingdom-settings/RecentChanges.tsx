import type { AdminKingdomResponse, AuditEntry } from '@kingdom-stats/core/api';
import { useState } from 'react';
import { fetchOlderChanges } from '../../api/admin-kingdoms.ts';
import { secondaryButton } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { formatUtc } from '../admin-shared/time.ts';
import { changeLabel } from './change-labels.ts';

interface Older {
  /** The first page these follow: a refetched page (after any change) starts the list again. */
  after: AdminKingdomResponse;
  changes: AuditEntry[];
  next: string | null;
}

/** The kingdom's audit log, newest first: the page's first 20, then older ones on request (issue 41). */
export function RecentChanges({ data }: { data: AdminKingdomResponse }) {
  const { t } = useT();
  const [older, setOlder] = useState<Older | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = older?.after === data ? older : null;
  const changes = current ? [...data.recentChanges, ...current.changes] : data.recentChanges;
  const next = current ? current.next : data.recentChangesNext;

  const showMore = async () => {
    if (!next) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchOlderChanges(String(data.kingdom.kd), data.kingdom.code, next);
      setOlder({ after: data, changes: [...(current?.changes ?? []), ...page.changes], next: page.next });
    } catch (caught) {
      setError(t('changes.loadFailed', { error: caught instanceof Error ? caught.message : String(caught) }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Section id="recent-changes" title={t('changes.title')} description={t('changes.description')}>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-400">{t('changes.empty')}</p>
      ) : (
        <ol className="space-y-1.5 text-sm" data-testid="recent-changes-list">
          {changes.map((entry) => {
            const label = changeLabel(entry.action);
            return (
              <li key={entry.id} className="flex flex-wrap gap-x-2">
                <span className="text-slate-400 tabular-nums" dir="ltr">
                  {formatUtc(entry.at)}
                </span>
                <span className="text-slate-100">
                  {label ? t(label) : t('changes.unknown', { action: entry.action })}
                </span>
                <span className="text-slate-400">
                  {entry.username ? t('changes.by', { user: entry.username }) : t('changes.byServer')}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {next && (
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          onClick={() => void showMore()}
          disabled={loading}
        >
          {loading ? t('changes.loadingMore') : t('changes.showMore')}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </Section>
  );
}
