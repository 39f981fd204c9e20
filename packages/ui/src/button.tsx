import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** shows a spinner, keeps the width and blocks clicks */
  isLoading?: boolean;
  /** stretch to the container width */
  isBlock?: boolean;
  /** icon before the label */
  icon?: ReactNode;
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-b from-[color-mix(in_oklab,var(--color-primary)_80%,white)] to-primary text-on-primary shadow-glow hover:brightness-105 active:brightness-95',
  secondary: 'bg-surface-2 text-fg ring-1 ring-inset ring-line-strong hover:bg-line active:bg-surface',
  ghost: 'bg-transparent text-fg hover:bg-white/5 active:bg-white/10',
  danger:
    'bg-danger-strong text-white shadow-[0_8px_24px_-10px_var(--color-danger)] hover:brightness-105 active:brightness-95',
};

/* Every size keeps at least a 44 px touch target (sm pads its hit area). */
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm gap-1.5 rounded-xl',
  md: 'min-h-12 px-5 text-base gap-2 rounded-2xl',
  lg: 'min-h-14 px-6 text-lg gap-2.5 rounded-2xl',
};

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  isBlock = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={clsx(
        'relative inline-flex min-w-11 select-none items-center justify-center font-semibold transition duration-150',
        // one line unless the caller says how the label wraps (a class of its own would lose to this one in the CSS)
        !/(^|\s)whitespace-/.test(className ?? '') && 'whitespace-nowrap',
        'disabled:opacity-50 disabled:shadow-none',
        VARIANTS[variant],
        SIZES[size],
        isBlock && 'w-full',
        className,
      )}
      {...rest}
    >
      <span className={clsx('inline-flex items-center justify-center gap-[inherit]', isLoading && 'invisible')}>
        {icon}
        {children}
      </span>
      {isLoading && <Spinner size="sm" className="absolute inset-0 m-auto" />}
    </button>
  );
}
