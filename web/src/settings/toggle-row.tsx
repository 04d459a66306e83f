import { useId } from 'react';

/** A labelled on/off switch (a checkbox with role switch). */
export function ToggleRow(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {props.hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        data-testid={props.testId}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        className="switch shrink-0 cursor-pointer disabled:cursor-not-allowed disabled:opacity-50"
      />
    </div>
  );
}
