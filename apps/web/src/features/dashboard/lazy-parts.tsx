import type { ComponentProps } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { useT } from '../../i18n/i18n.ts';
import type { AutarchView as AutarchViewType } from './AutarchView.tsx';
import type { DiploModal as DiploModalType } from './DiploModal.tsx';
import type { FilterModal as FilterModalType } from './FilterModal.tsx';

// Parts of the main dashboard that its first screen does not show: the Autarch view (a switch away), the Diplomatic
// Overview and the column filters (each a click away). They load with their own chunks when first wanted, so the
// route's chunk, which every visitor waits for before the first governor row, holds only what paints that row
// (docs/benchmarks.md, "Issue 16: first screen"). A modal stays mounted once opened, so closing it behaves as before.

const loadAutarchView = () => import('./AutarchView.tsx');
const loadDiploModal = () => import('./DiploModal.tsx');
const loadFilterModal = () => import('./FilterModal.tsx');
const LazyAutarchView = lazy(() => loadAutarchView().then((m) => ({ default: m.AutarchView })));
const LazyDiploModal = lazy(() => loadDiploModal().then((m) => ({ default: m.DiploModal })));
const LazyFilterModal = lazy(() => loadFilterModal().then((m) => ({ default: m.FilterModal })));

/**
 * Fetches the parts once the first screen is on and the page is idle: a click then neither waits for them nor needs
 * this build's files to still be on the server (a deploy replaces them; a tab opened before it would fail to load
 * them). A failure here is left to the click, which shows it as any lazy screen does.
 */
function usePreloadWhenIdle(): void {
  useEffect(() => {
    const load = () => {
      for (const part of [loadFilterModal, loadDiploModal, loadAutarchView]) part().catch(() => {});
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 1_000);
    return () => window.clearTimeout(id);
  }, []);
}

export function AutarchView(props: ComponentProps<typeof AutarchViewType>) {
  const { t } = useT();
  return (
    <Suspense fallback={<Spinner label={t('autarch.loadingView')} />}>
      <LazyAutarchView {...props} />
    </Suspense>
  );
}

/** True from the first render where `open` is, on: the modal's code is fetched then, not with the page. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function DiploModal(props: ComponentProps<typeof DiploModalType>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyDiploModal {...props} />
    </Suspense>
  );
}

/** Rendered with every dashboard (closed): it also starts fetching the other parts once the page is idle. */
export function FilterModal(props: ComponentProps<typeof FilterModalType>) {
  usePreloadWhenIdle();
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyFilterModal {...props} />
    </Suspense>
  );
}
