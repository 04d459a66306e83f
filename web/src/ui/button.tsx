import { type ButtonHTMLAttributes, forwardRef } from 'react';

/**
 * The app's one button. `variant` picks the look (primary, secondary, danger, icon); without one
 * the button wears only its `className` (rows, tabs, chips and cards that are buttons). Always a
 * real `<button>`: `type="button"` unless told otherwise, every button prop and the ref forwarded.
 * `busy` disables it and says so (`aria-busy`), so a second press cannot send twice.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'icon';
/** The size of a variant: `sm` for tables and toolbars, `md` the default, `lg` a form's main action, `pill` a banner's call. */
export type ButtonSize = 'sm' | 'md' | 'lg' | 'pill';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2';

const LOOK: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:opacity-90 disabled:opacity-50',
  secondary: 'border border-border bg-surface-2 hover:bg-surface-3 disabled:opacity-60',
  danger: 'bg-danger text-black hover:opacity-90 disabled:opacity-50',
  icon: 'inline-flex items-center justify-center text-muted hover:bg-surface-3 hover:text-fg disabled:opacity-40',
};

const SIZE: Record<ButtonSize, string> = {
  sm: 'rounded-lg px-3 py-1.5 text-sm font-medium',
  md: 'rounded-lg px-4 py-2 font-medium',
  lg: 'rounded-xl px-4 py-3 font-semibold',
  pill: 'rounded-full px-4 py-1.5 font-semibold',
};

const ICON_SIZE: Record<ButtonSize, string> = {
  sm: 'h-8 w-8 rounded-lg',
  md: 'h-10 w-10 rounded-lg',
  lg: 'h-11 w-11 rounded-full',
  pill: 'h-9 w-9 rounded-full',
};

/** The classes of a variant, for a link that must look like a button (`<Link className=…>`). */
export function buttonClass(variant: ButtonVariant, size: ButtonSize = 'md', className?: string): string {
  const shape = variant === 'icon' ? ICON_SIZE[size] : SIZE[size];
  return [LOOK[variant], shape, FOCUS, className].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Working on it: disabled and `aria-busy` until done. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size = 'md', busy = false, disabled, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={variant ? buttonClass(variant, size, className) : className}
      {...rest}
    />
  );
});
