import type { ReactNode } from 'react';

/** Title and one-line description at the top of each wizard step. */
export function StepHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <header className="flex flex-col gap-1">
      <h2 className="text-xl font-bold tracking-tight text-fg">{title}</h2>
      {description && <p className="text-sm leading-relaxed text-muted">{description}</p>}
    </header>
  );
}
