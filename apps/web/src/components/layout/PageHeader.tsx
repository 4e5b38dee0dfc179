import type { ReactNode } from 'react';
import { PRODUCT_NAME } from './AppShell.tsx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A screen's h1, its browser tab title, and an optional line of explanation. */
export function PageHeader({ title, description, children }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-white sm:text-3xl">{title}</h1>
        {description && <p className="mt-2 max-w-3xl text-sm text-slate-300 sm:text-base">{description}</p>}
      </div>
      {children}
    </div>
  );
}
