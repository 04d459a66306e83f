import { MAX_MESSAGE_LENGTH } from '@neura/contract';
import { useEffect, useRef, useState } from 'react';
import { messageActionTexts as t } from '../../texts/app-texts';
import { Button } from '../../ui/button';

/** The last user message, being edited: Enter or Send resends it, Escape or Cancel leaves it. */
export function EditForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: string;
  /** Resolves true when the server took it (the form closes), false to keep editing. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const submit = async () => {
    if (busy || text.trim() === '') return;
    setBusy(true);
    const accepted = await onSubmit(text);
    setBusy(false);
    if (accepted) onCancel();
  };

  return (
    <form
      className="flex w-full max-w-[85%] flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={box}
        aria-label={t.editLabel}
        className="min-h-20 w-full resize-y rounded-xl border border-border bg-surface-2 px-3 py-2 text-fg"
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          else if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <Button className="min-h-11 rounded-lg px-3 text-sm sm:min-h-9" onClick={onCancel}>
          {t.editCancel}
        </Button>
        <Button
          type="submit"
          variant="primary"
          size="sm"
          className="min-h-11 sm:min-h-9"
          disabled={busy || text.trim() === ''}
        >
          {t.editSend}
        </Button>
      </div>
    </form>
  );
}
