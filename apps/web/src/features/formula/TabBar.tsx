import { type KeyboardEvent, useRef } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { FORMULA_TAB_LABELS, type FormulaTab as TabName } from './tabs.ts';

const TABS: readonly TabName[] = ['formula', 'goals', 'wars'];

/** The editor's three tabs (SPEC §2), arrow keys moving between them. */
export function TabBar({ tab, onTab }: { tab: TabName; onTab: (tab: TabName) => void }) {
  const { t } = useT();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const goTo = onTab;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = (index + delta + TABS.length) % TABS.length;
    goTo(TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('formula.sections')}
      className="grid grid-cols-3 gap-1 rounded-xl border border-slate-800 bg-slate-900/70 p-1"
    >
      {TABS.map((name, index) => {
        const selected = name === tab;
        return (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={selected}
            aria-controls={`panel-${name}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => goTo(name)}
            onKeyDown={(event) => onTabKey(event, index)}
            className={`flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-sky-400 ${
              selected ? 'bg-sky-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
            }`}
          >
            <span
              aria-hidden="true"
              className={`grid size-5 place-items-center rounded-full text-xs font-bold ${
                selected ? 'bg-slate-950/20' : 'bg-slate-800'
              }`}
            >
              {index + 1}
            </span>
            {t(FORMULA_TAB_LABELS[name])}
          </button>
        );
      })}
    </div>
  );
}
