import { formulaTerms } from '@kingdom-stats/core';
import { type MessageId, useT } from '../../i18n/i18n.ts';

/** packages/core's POINTS_LEGEND, line by line in the reader's language (English: exactly SPEC's lines). */
const LEGEND: readonly (readonly [name: MessageId, formula: MessageId])[] = [
  ['formula.legend.killPoints', 'column.killPoints.title'],
  ['formula.legend.deathPoints', 'column.deathPoints.title'],
  ['formula.legend.healPoints', 'column.healPoints.title'],
];

/** 'DKP FORMULA :' with the kingdom's terms, and the points legend under it. */
export function FormulaStrip({ formulaString }: { formulaString: string }) {
  const { t } = useT();
  const terms = formulaTerms(formulaString);
  return (
    <section
      aria-label={t('formula.stripLabel')}
      className="rounded-xl border border-amber-500/25 bg-gradient-to-r from-amber-500/10 via-slate-900/60 to-slate-900/60 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center gap-2" data-testid="dkp-formula">
        <span className="text-xs font-bold tracking-widest text-amber-300">{t('formula.strip')}</span>
        {terms.length === 0 ? (
          <span className="text-sm text-slate-400">{t('formula.noTerms')}</span>
        ) : (
          terms.map((term, index) => (
            <span key={term} className="flex items-center gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="text-amber-300/70">
                  +
                </span>
              )}
              <span className="rounded-md bg-slate-950/60 px-2 py-0.5 font-mono text-xs text-amber-100 ring-1 ring-amber-400/20">
                {term}
              </span>
            </span>
          ))
        )}
      </div>
      <ul
        aria-label={t('formula.legend')}
        className="mt-3 grid gap-1.5 border-t border-slate-800 pt-3 text-xs text-slate-300 sm:grid-cols-3"
      >
        {LEGEND.map(([nameId, formulaId]) => {
          const [name, formula] = [t(nameId), t(formulaId)];
          return (
            <li key={nameId} className="flex flex-wrap gap-x-1.5">
              <span className="font-semibold tracking-wide text-slate-100">{name}</span>{' '}
              <span>= {formula}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
