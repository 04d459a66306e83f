import { Field } from '../ui/field';

/** A labelled on/off switch (a checkbox with role switch). */
export function ToggleRow(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <Field label={props.label} hint={props.hint} layout="switch" className="px-4 py-3">
      {(control) => (
        <input
          {...control}
          type="checkbox"
          role="switch"
          aria-checked={props.checked}
          data-testid={props.testId}
          checked={props.checked}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.checked)}
          className="switch shrink-0 cursor-pointer disabled:cursor-not-allowed disabled:opacity-50"
        />
      )}
    </Field>
  );
}
