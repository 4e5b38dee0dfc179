import { useT } from '../../i18n/i18n.ts';

/**
 * SPEC §2: the empty state of a period is in French, and so it stays on the English screens (the e2e tests read
 * SPEC's words); in any other language it is said in that language. A kingdom with no scan at all is another case:
 * no other period would help, so it says what will fill the screen, in the screen's language (docs/dashboard.md).
 */

export function EmptyState({ noScans = false }: { noScans?: boolean }) {
  const { t, locale } = useT();
  if (noScans)
    return (
      <Empty
        label={t('dashboard.noScans.title')}
        title={t('dashboard.noScans.title')}
        hint={t('dashboard.noScans.text')}
      />
    );
  return (
    <Empty
      lang={locale === 'en' ? 'fr' : locale}
      label={t('dashboard.empty.label')}
      title={t('dashboard.empty.title')}
      hint={t('dashboard.empty.hint')}
    />
  );
}

function Empty({ lang, label, title, hint }: { lang?: string; label: string; title: string; hint: string }) {
  return (
    <section
      {...(lang ? { lang } : {})}
      aria-label={label}
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
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      <p className="max-w-prose text-sm text-slate-400">{hint}</p>
    </section>
  );
}
