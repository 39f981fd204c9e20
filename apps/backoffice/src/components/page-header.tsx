import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  /** one line under the title */
  description?: ReactNode;
  /** buttons on the right (wrap under the title on a narrow screen) */
  actions?: ReactNode;
  /** a row under the title: filters, tabs */
  children?: ReactNode;
};

/** The top of every console page: title, optional description and actions; the page's only h1. */
export function PageHeader({ title, description, actions, children }: PageHeaderProps) {
  return (
    <header className="mb-5 flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
