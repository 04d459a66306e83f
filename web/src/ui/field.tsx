import type { ReactNode } from 'react';

export const inputClass =
  'w-full rounded-xl border bg-surface-3 px-3 py-2.5 text-base text-fg placeholder:text-muted focus:border-accent';

/** Border of a field: red while it holds an error. */
export const borderFor = (error?: string) => (error ? 'border-danger' : 'border-border');

/** What a field's control carries: its id, its hint and error as its description, and whether it is invalid. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** The aria-describedby of a field's control: its hint and its error. */
export function describedBy(id: string, hint: boolean, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The props of a field's control (spread them on the input). */
export function fieldControl(id: string, hint: boolean, error?: string): FieldControl {
  const described = describedBy(id, hint, error);
  return { id, ...(described ? { 'aria-describedby': described } : {}), ...(error ? { 'aria-invalid': true } : {}) };
}

/**
 * One labelled field: label, hint and the error next to it, and an optional counter on the label's
 * line. Give `children` as a function and the control gets its id, `aria-describedby` (hint and
 * error) and `aria-invalid` wired; a control given as a node wires them itself (`describedBy`).
 * `alert`: the error is announced as it appears (a dialog's only error).
 */
export function Field({
  id,
  label,
  hint,
  error,
  counter,
  alert = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  counter?: ReactNode;
  alert?: boolean;
  children: ReactNode | ((control: FieldControl) => ReactNode);
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
      {typeof children === 'function' ? children(fieldControl(id, Boolean(hint), error)) : children}
      {error ? (
        <p
          id={`${id}-error`}
          className="text-sm text-danger"
          data-testid={`error-${id}`}
          {...(alert ? { role: 'alert' } : {})}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
