import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: IconName;
  /** usually a Button */
  action?: ReactNode;
};

export function EmptyState({ title, description, icon = 'inbox', action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <div className="mb-4 flex size-16 items-center justify-center rounded-full bg-surface-2 text-muted ring-1 ring-line">
        <Icon name={icon} className="size-7" />
      </div>
      <p className="text-base font-semibold text-fg">{title}</p>
      {description && <p className="mt-1 max-w-xs text-sm text-muted">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
