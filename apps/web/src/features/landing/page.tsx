import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../api/public-config.ts';
import { PRODUCT_NAME } from '../../components/layout/AppShell.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';

/** SPEC §1: the four Platform Features cards. */
export const FEATURES: { title: MessageId; text: MessageId; icon: ReactNode }[] = [
  {
    title: 'landing.feature.analytics.title',
    text: 'landing.feature.analytics.text',
    icon: <path d="M4 19V9m5 10V5m5 14v-7m5 7V8" />,
  },
  {
    title: 'landing.feature.battle.title',
    text: 'landing.feature.battle.text',
    icon: <path d="m5 5 14 14M19 5 5 19M4 8V4h4m12 4V4h-4M4 16v4h4m12-4v4h-4" />,
  },
  {
    title: 'landing.feature.formulas.title',
    text: 'landing.feature.formulas.text',
    icon: <path d="M7 5h10M7 12h10M7 19h6M4 5h.01M4 12h.01M4 19h.01" />,
  },
  {
    title: 'landing.feature.rankings.title',
    text: 'landing.feature.rankings.text',
    icon: <path d="M8 21h8m-4-4v4m-5-17h10v5a5 5 0 0 1-10 0zM7 6H4v2a3 3 0 0 0 3 3m10-5h3v2a3 3 0 0 1-3 3" />,
  },
];

/** SPEC §1 / §9: the stats strip. */
export const STATS: readonly { value: string; label: MessageId }[] = [
  { value: '1M+', label: 'landing.stats.players' },
  { value: '500+', label: 'landing.stats.kingdoms' },
  { value: '10B+', label: 'landing.stats.killPoints' },
];

const cta =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

export function Component() {
  const { t } = useT();
  const config = usePublicConfig();
  const demoPath = config.data?.demoPath ?? null;
  const premiumUrl = config.data?.premiumUrl ?? null;

  return (
    <div className="space-y-14 sm:space-y-20">
      <title>{t('landing.title', { product: PRODUCT_NAME })}</title>
      <section className="relative overflow-hidden rounded-2xl border border-slate-800 bg-gradient-to-br from-slate-900 via-slate-900 to-sky-950/60 px-5 py-12 text-center sm:px-10 sm:py-20">
        <p className="text-sm font-semibold tracking-widest text-sky-400 uppercase">{t('landing.kicker')}</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{PRODUCT_NAME}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-slate-300 sm:text-lg">{t('landing.lead')}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {demoPath && (
            <Link to={demoPath} className={`${cta} bg-sky-500 text-slate-950 hover:bg-sky-400`}>
              {t('landing.viewDemo')}
            </Link>
          )}
          {premiumUrl && (
            <a
              href={premiumUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${cta} border border-amber-400/60 bg-amber-400/10 text-amber-200 hover:bg-amber-400/20`}
            >
              {t('landing.getPremium')}
            </a>
          )}
        </div>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-2xl font-bold text-white sm:text-3xl">
          {t('landing.features')}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-800 bg-slate-900/60 p-5">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="size-9 rounded-lg bg-sky-500/15 p-1.5 text-sky-300"
              >
                {feature.icon}
              </svg>
              <h3 className="mt-4 text-lg font-semibold text-white">{t(feature.title)}</h3>
              <p className="mt-2 text-sm text-slate-300">{t(feature.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-label={t('landing.stats.label')}
        className="rounded-2xl border border-slate-800 bg-slate-900/60 px-4 py-8"
      >
        <dl className="grid gap-6 text-center sm:grid-cols-3">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium tracking-wide text-slate-400 uppercase">{t(stat.label)}</dt>
              <dd className="text-4xl font-extrabold text-sky-300">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
