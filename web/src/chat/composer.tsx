import { MAX_MESSAGE_LENGTH } from '@neura/contract';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../texts/texts';
import { insertAtCursor } from '../voice/insert-at-cursor';
import { MicButton } from '../voice/mic-button';
import type { DictationState } from '../voice/use-dictation';

interface Props {
  streaming: boolean;
  /** Resolves true when the server accepted the message; the text is kept otherwise. */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  /** When this changes (the chat opened), the box takes focus on devices with a fine pointer. */
  focusKey?: string;
}

/** A mouse or trackpad: focusing the box then does not pop up a phone's on-screen keyboard. */
const finePointer = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

/** The message box: Enter sends, Shift+Enter makes a new line, Stop while a reply streams. */
export function Composer({ streaming, onSend, onStop, focusKey }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [voice, setVoice] = useState<DictationState>('idle');
  const box = useRef<HTMLTextAreaElement>(null);
  const processing = voice === 'starting' || voice === 'transcribing';

  useEffect(() => {
    if (focusKey !== undefined && finePointer()) box.current?.focus({ preventScroll: true });
  }, [focusKey]);

  // Dictation lands at the cursor (or replaces the selection); the caret ends after it.
  const insertTranscript = useCallback((transcript: string) => {
    const el = box.current;
    setText((current) => {
      const next = insertAtCursor(current, transcript, el?.selectionStart ?? null, el?.selectionEnd ?? null);
      requestAnimationFrame(() => {
        el?.focus();
        el?.setSelectionRange(next.caret, next.caret);
      });
      return next.value;
    });
  }, []);
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const canSend = text.trim() !== '' && !tooLong && !sending && !streaming;

  const submit = async () => {
    if (!canSend) return;
    setSending(true);
    const accepted = await onSend(text);
    setSending(false);
    if (accepted) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form
      onSubmit={onSubmit}
      className="border-t border-border bg-surface px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      <div className="mx-auto flex w-full max-w-3xl items-end gap-2">
        <textarea
          ref={box}
          value={text}
          readOnly={processing}
          aria-busy={processing}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={processing ? texts.voice.processing : texts.chat.placeholder}
          aria-label={texts.chat.messageLabel}
          aria-invalid={tooLong}
          className="max-h-48 min-h-11 flex-1 resize-none rounded-xl border border-border bg-surface-2 px-3 py-2.5 text-fg [field-sizing:content] placeholder:text-muted"
        />
        <MicButton onTranscript={insertTranscript} onStateChange={setVoice} />
        {streaming ? (
          <button
            type="button"
            onClick={onStop}
            className="h-11 rounded-xl border border-border bg-surface-3 px-4 font-medium"
          >
            {texts.chat.stop}
          </button>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            className="h-11 rounded-xl bg-accent px-4 font-medium text-accent-fg disabled:opacity-50"
          >
            {texts.chat.send}
          </button>
        )}
      </div>
      {text.length > MAX_MESSAGE_LENGTH - 500 ? (
        <p className={`mx-auto mt-1 max-w-3xl text-right text-xs ${tooLong ? 'text-danger' : 'text-muted'}`}>
          {texts.chat.counter(text.length, MAX_MESSAGE_LENGTH)}
        </p>
      ) : null}
    </form>
  );
}
