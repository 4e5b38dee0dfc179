import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { translate, useT } from '../../i18n/i18n.ts';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText } from '../kingdom-settings/shared.ts';
import { addressHasReviewQuery, useReviewAddress } from './address.ts';
import { type FlagQuery, REVIEW_PAGE_SIZE, useReviewActions, useReviewFlags } from './api.ts';
import { CorrectionsList } from './CorrectionsList.tsx';
import { FlagCard } from './FlagCard.tsx';
import { ReviewCsv } from './ReviewCsv.tsx';
import { ReviewFilters } from './ReviewFilters.tsx';
import { ReviewPaging } from './ReviewPaging.tsx';
import { ReviewSettings } from './ReviewSettings.tsx';

/**
 * Values the import's checks flagged as misread (docs/data-quality.md), with the governor's values around each, and
 * what to do with them: correct (the imported value is kept and the correction can be reverted), accept, exclude.
 * The filters and page live in the address (address.ts); the CSV round trip and the settings sit above the list.
 */
export function ReviewSection({ kd, code }: { kd: string; code: string }) {
  const { query, change } = useReviewAddress();
  const flags = useReviewFlags(kd, code, query);
  const actions = useReviewActions(kd, code);
  const { t } = useT();
  const failed =
    actions.correct.error ??
    actions.accept.error ??
    actions.exclude.error ??
    actions.swap.error ??
    actions.revert.error;
  const done =
    actions.correct.data ??
    actions.accept.data ??
    actions.exclude.data ??
    actions.swap.data ??
    actions.revert.data;
  const data = flags.isPlaceholderData ? undefined : flags.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / REVIEW_PAGE_SIZE)) : 1;

  const list = useRef<HTMLDivElement>(null);
  // A link with the list's filters (and no anchor of its own) opens at the review, as #data-review would.
  useEffect(() => {
    if (!window.location.hash && addressHasReviewQuery(window.location.search))
      document.getElementById('data-review')?.scrollIntoView();
  }, []);
  // Another page starts at the top of the list when the reader has scrolled past it.
  const showPage = (page: number) => {
    change({ page });
    const top = list.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) list.current?.scrollIntoView({ block: 'start' });
  };

  // Settling the last flags of the last page leaves it empty: show the page before instead.
  useEffect(() => {
    if (data && data.flags.length === 0 && query.page > lastPage)
      change({ page: lastPage }, { replace: true });
  }, [data, query.page, lastPage, change]);

  return (
    <Section id="data-review" title={t('settings.nav.dataReview')} description={t('review.description')}>
      <ReviewSettings kd={kd} code={code} />
      <ReviewCsv kd={kd} code={code} query={query} />
      <div ref={list} className="scroll-mt-4">
        <ReviewFilters kd={kd} code={code} query={query} counts={flags.data?.counts} change={change} />
      </div>
      {failed ? (
        <Notice tone="error" className="mb-3">
          <bdi>{errorText(failed, t('review.changeFailed'))}</bdi>
        </Notice>
      ) : done ? (
        <Notice tone="success" className="mb-3">
          <bdi>{done.message}</bdi>
        </Notice>
      ) : null}
      {flags.isPending ? (
        <Spinner label={t('review.loading')} />
      ) : flags.isError ? (
        <Notice tone="error">
          <bdi>{errorText(flags.error, t('review.loadFailed'))}</bdi>
        </Notice>
      ) : flags.data.flags.length === 0 ? (
        <p className="text-sm text-slate-400">{emptyText(query)}</p>
      ) : (
        <>
          <ul
            className={`divide-y divide-slate-800 rounded-lg border border-slate-800 ${flags.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label={t('review.flagged')}
            aria-busy={flags.isPlaceholderData}
          >
            {flags.data.flags.map((flag) => (
              <FlagCard key={flag.id} flag={flag} kd={kd} code={code} actions={actions} />
            ))}
          </ul>
          <ReviewPaging
            page={flags.data.page}
            pageSize={flags.data.pageSize}
            shown={flags.data.flags.length}
            total={flags.data.total}
            onPage={showPage}
          />
        </>
      )}
      <CorrectionsList kd={kd} code={code} actions={actions} />
    </Section>
  );
}

function emptyText(query: FlagQuery): string {
  const filtered = query.check !== null || query.scan !== null || query.governor.trim() !== '';
  if (filtered) return translate('review.noMatchFiltered');
  return query.status === 'open' ? translate('review.nothingToReview') : translate('review.noMatch');
}
