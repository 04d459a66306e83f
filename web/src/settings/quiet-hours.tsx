import type { NotificationSettings } from '@neura/contract';
import { notificationTexts as t } from '../texts/notifications';
import { Field } from '../ui/field';
import { ToggleRow } from './toggle-row';

type QuietHours = NonNullable<NotificationSettings['quietHours']>;

/** This browser's IANA time zone (quiet hours are kept on the user's clock). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Minutes after midnight ⇄ `HH:MM` (a time input's value). */
export const toClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export function fromClock(value: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 1440 ? minutes : undefined;
}

/** 22:00 to 07:00 when quiet hours are first turned on. */
const NIGHT = { start: 22 * 60, end: 7 * 60 };

/**
 * Quiet hours (issue #48): no push from `start` to `end` on this device's clock (the zone is saved
 * with them and the server keeps them in it), wrapping midnight when `end` is earlier.
 */
export function QuietHoursRows({
  value,
  onSave,
}: {
  value: QuietHours | null;
  onSave: (quietHours: QuietHours | null) => void;
}) {
  const timeZone = localTimeZone();
  const change = (edge: 'start' | 'end', text: string) => {
    const minutes = fromClock(text);
    if (minutes === undefined || !value) return;
    onSave({ ...value, [edge]: minutes, timeZone });
  };
  return (
    <>
      <ToggleRow
        label={t.quietHours}
        hint={t.quietHoursHint.replace('{zone}', value?.timeZone ?? timeZone)}
        checked={value !== null}
        testId="notify-quiet"
        onChange={(on) => onSave(on ? { ...NIGHT, timeZone } : null)}
      />
      {value ? (
        <div className="flex flex-wrap gap-4 px-4 pb-3" data-testid="quiet-hours">
          {(['start', 'end'] as const).map((edge) => (
            <Field key={edge} label={edge === 'start' ? t.quietFrom : t.quietTo} layout="inline">
              {(control) => (
                <input
                  {...control}
                  type="time"
                  dir="ltr"
                  step={60}
                  data-testid={`quiet-${edge}`}
                  defaultValue={toClock(value[edge])}
                  onBlur={(event) => change(edge, event.target.value)}
                  className="rounded-lg border border-border bg-surface-2 px-2 py-1"
                />
              )}
            </Field>
          ))}
        </div>
      ) : null}
    </>
  );
}
