import { type ReactNode, useId } from 'react';

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
 * How a field lays out: `stack` (label, hint, control, error, one under the other), `inline` (the
 * label and then the control on one line), `check` (a checkbox or radio before its label), `switch`
 * (label and hint beside an on/off switch at the end).
 */
export type FieldLayout = 'stack' | 'inline' | 'check' | 'switch';

/**
 * One labelled field: label, hint and the error next to it, and an optional counter on the label's
 * line. Give `children` as a function and the control gets its id, `aria-describedby` (hint and
 * error) and `aria-invalid` wired; a control given as a node wires them itself (`describedBy`).
 * `alert`: the error is announced as it appears (a dialog's only error). `id` defaults to a
 * generated one; `hideLabel` keeps the label for assistive technology only; `compact` is the
 * console's small type; `className` goes on the field's box.
 */
export function Field({
  id: givenId,
  label,
  hint,
  error,
  counter,
  alert = false,
  layout = 'stack',
  hideLabel = false,
  compact = false,
  className,
  children,
}: {
  id?: string;
  label: string;
  hint?: string;
  error?: string;
  counter?: ReactNode;
  alert?: boolean;
  layout?: FieldLayout;
  hideLabel?: boolean;
  compact?: boolean;
  className?: string;
  children: ReactNode | ((control: FieldControl) => ReactNode);
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const control = typeof children === 'function' ? children(fieldControl(id, Boolean(hint), error)) : children;
  const labelClass = hideLabel
    ? 'sr-only'
    : compact
      ? 'text-xs'
      : layout === 'stack'
        ? 'text-sm font-medium'
        : layout === 'switch'
          ? 'font-medium'
          : layout === 'inline'
            ? 'text-sm'
            : undefined;
  const labelEl = (
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
  );
  const hintEl = hint ? (
    <p id={`${id}-hint`} className={layout === 'switch' ? 'text-sm text-muted' : 'text-xs text-muted'}>
      {hint}
    </p>
  ) : null;
  const errorEl = error ? (
    <p
      id={`${id}-error`}
      className="text-sm text-danger"
      data-testid={`error-${id}`}
      {...(alert ? { role: 'alert' } : {})}
    >
      {error}
    </p>
  ) : null;
  const box = (base: string) => (className ? `${base} ${className}` : base);
  if (layout === 'switch') {
    return (
      <div className={box('flex items-center gap-3')} data-field={id}>
        <div className="min-w-0 flex-1">
          {labelEl}
          {hintEl}
          {errorEl}
        </div>
        {control}
      </div>
    );
  }
  if (layout === 'check' || layout === 'inline') {
    return (
      <div className={box('flex flex-col gap-1')} data-field={id}>
        <div className={layout === 'check' ? 'flex items-start gap-2' : 'flex items-center gap-2'}>
          {layout === 'check' ? control : labelEl}
          {layout === 'check' ? labelEl : control}
        </div>
        {hintEl}
        {errorEl}
      </div>
    );
  }
  return (
    <div className={box(compact ? 'flex flex-col gap-1' : 'flex flex-col gap-1.5')} data-field={id}>
      {hideLabel && !counter ? (
        labelEl
      ) : (
        <div className="flex items-baseline justify-between gap-2">
          {labelEl}
          {counter}
        </div>
      )}
      {hintEl}
      {control}
      {errorEl}
    </div>
  );
}

/**
 * One choice of a group (a checkbox or radio in a `fieldset`) as a card: the whole card is its
 * label, the control first, then its label and an optional hint the control is described by.
 * `className` is the card's look; `labelClassName` and `hintClassName` the texts'.
 */
export function Choice({
  id: givenId,
  label,
  hint,
  className,
  labelClassName,
  hintClassName = 'text-xs text-muted',
  children,
}: {
  id?: string;
  label: string;
  hint?: string;
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <label htmlFor={id} className={className} data-field={id}>
      {children(fieldControl(id, Boolean(hint)))}
      <span className="flex flex-col">
        <span className={labelClassName}>{label}</span>
        {hint ? (
          <span id={`${id}-hint`} className={hintClassName}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
