import { useEffect, useState } from 'react';
import { organiseTexts } from '../texts/organise';
import { Field } from '../ui/field';
import { ClockIcon } from './organise-icons';

/** "Temporary chat" on/off (issue #49): in New Chat and in a draft chat. */
export function TemporaryToggle({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const t = organiseTexts.temporary;
  // Shown at once: the draft's switch navigates (`&temporary=1`), and a router transition may hold
  // the new address back a moment; the switch must not flip back meanwhile.
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <Field label={t.toggle} hint={t.toggleHint} layout="switch" className="border-b border-border px-4 py-2">
      {(control) => (
        <input
          {...control}
          type="checkbox"
          role="switch"
          aria-checked={shown}
          data-testid="temporary-toggle"
          checked={shown}
          onChange={(event) => {
            setShown(event.target.checked);
            onChange(event.target.checked);
          }}
          className="switch shrink-0 cursor-pointer"
        />
      )}
    </Field>
  );
}

/** The mark of a temporary chat while it is open (and of a temporary draft). */
export function TemporaryBanner() {
  const t = organiseTexts.temporary;
  return (
    <div
      role="note"
      data-testid="temporary-banner"
      className="mx-auto flex w-full max-w-3xl items-start gap-2 border-b border-dashed border-accent bg-accent/10 px-4 py-2 text-sm"
    >
      <span className="mt-0.5 shrink-0 text-accent-text">
        <ClockIcon />
      </span>
      <p>
        <strong className="font-semibold">{t.banner}</strong> · <span className="text-muted">{t.bannerBody}</span>
      </p>
    </div>
  );
}
