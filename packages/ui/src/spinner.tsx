import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

export type SpinnerProps = {
  /** diameter: sm 16 px, md 24 px, lg 40 px */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** screen-reader text; defaults to the translated "Loading" */
  label?: string;
};

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={clsx('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden
        className={clsx('animate-spin rounded-full border-current border-r-transparent opacity-90', SIZES[size])}
      />
      <span className="sr-only">{label ?? t('status.loading')}</span>
    </span>
  );
}
