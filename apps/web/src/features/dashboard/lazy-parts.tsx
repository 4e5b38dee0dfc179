import type { ComponentProps } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import type { AutarchView as AutarchViewType } from './AutarchView.tsx';
import type { DiploModal as DiploModalType } from './DiploModal.tsx';
import type { FilterModal as FilterModalType } from './FilterModal.tsx';

// Parts of the main dashboard that its first screen does not show: the Autarch view (a switch away), the Diplomatic
// Overview and the column filters (each a click away). They load with their own chunks when first wanted, so the
// route's chunk, which every visitor waits for before the first governor row, holds only what paints that row
// (docs/benchmarks.md, "Issue 16: first screen"). A modal stays mounted once opened, so closing it behaves as before.

const LazyAutarchView = lazy(() => import('./AutarchView.tsx').then((m) => ({ default: m.AutarchView })));
const LazyDiploModal = lazy(() => import('./DiploModal.tsx').then((m) => ({ default: m.DiploModal })));
const LazyFilterModal = lazy(() => import('./FilterModal.tsx').then((m) => ({ default: m.FilterModal })));

export function AutarchView(props: ComponentProps<typeof AutarchViewType>) {
  return (
    <Suspense fallback={<Spinner label="Loading Autarch view..." />}>
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

export function FilterModal(props: ComponentProps<typeof FilterModalType>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyFilterModal {...props} />
    </Suspense>
  );
}
