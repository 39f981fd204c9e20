import { clsx } from 'clsx';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import type { RegisterStep } from './register-rules.ts';

export type StepIndicatorProps = {
  steps: RegisterStep[];
  current: RegisterStep;
};

/** Numbered dots joined by a line: done steps get a check, the current one a ring. */
export function StepIndicator({ steps, current }: StepIndicatorProps) {
  const { t } = useTranslation('auth');
  const currentIndex = steps.indexOf(current);
  return (
    <nav
      aria-label={t('register.stepOf', { current: currentIndex + 1, total: steps.length })}
      data-testid="step-indicator"
    >
      <ol className="flex items-start">
        {steps.map((step, index) => {
          const isDone = index < currentIndex;
          const isCurrent = index === currentIndex;
          return (
            <Fragment key={step}>
              {index > 0 && (
                <li
                  aria-hidden
                  className={clsx('mt-4 h-0.5 flex-1 rounded-full', index <= currentIndex ? 'bg-primary' : 'bg-line')}
                />
              )}
              <li className="flex w-16 flex-col items-center gap-1.5" aria-current={isCurrent ? 'step' : undefined}>
                <span
                  className={clsx(
                    'flex size-9 items-center justify-center rounded-full text-sm font-bold transition',
                    isDone && 'bg-primary text-on-primary',
                    isCurrent && 'bg-primary/15 text-primary ring-2 ring-primary',
                    !isDone && !isCurrent && 'bg-surface text-subtle ring-1 ring-line',
                  )}
                >
                  {isDone ? <Icon name="check" className="size-4" /> : index + 1}
                </span>
                <span
                  className={clsx(
                    'text-center text-xs leading-tight',
                    isCurrent ? 'font-semibold text-fg' : 'text-subtle',
                  )}
                >
                  {t(`register.steps.${step}`)}
                </span>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
