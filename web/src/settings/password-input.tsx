import { borderFor, Field, inputClass } from '../ui/field';

/** A labelled password field (`ui/field.tsx`'s `Field`); `error` shows under it and marks it invalid. */
export function PasswordInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  error?: string;
}) {
  return (
    <Field label={props.label} error={props.error}>
      {(control) => (
        <input
          {...control}
          type="password"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
          // biome-ignore lint/a11y/noAutofocus: the first field of a one-purpose page.
          autoFocus={props.autoFocus}
          maxLength={128}
          className={`${inputClass} ${borderFor(props.error)}`}
        />
      )}
    </Field>
  );
}
