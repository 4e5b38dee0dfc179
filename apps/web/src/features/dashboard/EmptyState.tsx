import { useT } from '../../i18n/i18n.ts';

/**
 * SPEC §2: the empty state is in French, and so it stays on the English screens (the e2e tests read SPEC's words);
 * in any other language it is said in that language.
 */

export function EmptyState() {
  const { t, locale } = useT();
  return (
    <section
      lang={locale === 'en' ? 'fr' : locale}
      aria-label={t('dashboard.empty.label')}
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-700 bg-slate-900/40 px-6 py-14 text-center"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mb-2 size-10 text-slate-600">
        <path
          d="M4 19V5m0 14h16M8 15v-3m4 3V9m4 6v-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      <h2 className="text-lg font-semibold text-white">{t('dashboard.empty.title')}</h2>
      <p className="text-sm text-slate-400">{t('dashboard.empty.hint')}</p>
    </section>
  );
}
