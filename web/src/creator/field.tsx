import type { ReactNode } from 'react';

export const inputClass =
  'w-full rounded-xl border bg-surface-3 px-3 py-2.5 text-base text-fg placeholder:text-muted focus:border-accent';

/** Border of a field: red while it holds an error. */
export const borderFor = (error?: string) => (error ? 'border-danger' : 'border-border');

/**
 * One labelled field of the builder: label, hint and the error next to it (both tied to the
 * control by aria-describedby through `describedBy`), and an optional counter on the label's line.
 */
export function Field({
  id,
  label,
  hint,
  error,
  counter,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  counter?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5" data-field={id}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {counter}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria-describedby of a field's control: its hint and its error. */
export function describedBy(id: string, hint: boolean, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
