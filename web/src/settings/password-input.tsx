import { useId } from 'react';

/** A labelled password field. */
export function PasswordInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {props.label}
      </label>
      <input
        id={id}
        type="password"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        // biome-ignore lint/a11y/noAutofocus: the first field of a one-purpose page.
        autoFocus={props.autoFocus}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        maxLength={128}
        className="rounded-lg border border-border bg-surface px-3 py-2 text-fg"
      />
    </div>
  );
}
