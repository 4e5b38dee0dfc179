import { Link, Outlet, ScrollRestoration, useNavigation } from 'react-router';

export const PRODUCT_NAME = 'Kingdom Stats';

export function AppShell() {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';

  return (
    <div className="flex min-h-dvh flex-col bg-slate-950 text-slate-100">
      <header className="border-b border-slate-800 bg-slate-900/80">
        <div className="mx-auto flex h-14 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            to="/"
            className="rounded text-lg font-semibold tracking-tight text-white hover:text-sky-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
          >
            {PRODUCT_NAME}
          </Link>
        </div>
        {/* Screens load as separate chunks; without a cue a slow network makes links feel dead. */}
        <div aria-hidden="true" className="h-0.5 overflow-hidden">
          {navigating && <div className="h-full w-full animate-pulse bg-sky-500" />}
        </div>
      </header>

      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <Outlet />
      </main>

      <footer className="border-t border-slate-800">
        <p className="mx-auto w-full max-w-7xl px-4 py-4 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          {PRODUCT_NAME} is a fan-made project and is not affiliated with the game publisher. © 2025
        </p>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
