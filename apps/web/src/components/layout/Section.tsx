import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  /** Controls on the right of the title (menus, switches). */
  actions?: ReactNode;
  children: ReactNode;
  headingLevel?: 2 | 3;
}

/** A titled card; its id is the anchor other links jump to. */
export function Section({ id, title, description, actions, children, headingLevel = 2 }: SectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="scroll-mt-4 rounded-xl border border-slate-800 bg-slate-900/50 p-3 shadow-sm shadow-black/20 sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={id ? `${id}-title` : undefined} className="text-lg font-semibold text-white">
            {title}
          </Heading>
          {description && <p className="mt-0.5 text-sm text-slate-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
