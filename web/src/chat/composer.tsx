import { MAX_MESSAGE_LENGTH } from '@neura/contract';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ATTACH_ACCEPT } from '../files/types';
import { appTexts, mediaTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { insertAtCursor } from '../voice/insert-at-cursor';
import { MicButton } from '../voice/mic-button';
import type { DictationState } from '../voice/use-dictation';
import { AttachmentTray } from './attachment-tray';
import { useAttachments } from './use-attachments';

/** Lets the chat page hand the composer files dropped anywhere on the conversation, or text. */
export interface ComposerHandle {
  addFiles: (files: Iterable<File>) => void;
  /** Puts text in an empty box (a suggestion whose send was refused). */
  fill: (text: string) => void;
  /** Replaces the box's text and puts the caret at `caret` (a picked `@Name`). */
  replace: (text: string, caret: number) => void;
}

interface Props {
  streaming: boolean;
  /** Resolves true when the server accepted the message; the text is kept otherwise. */
  onSend: (text: string, attachments: string[]) => Promise<boolean>;
  onStop: () => void;
  ref?: Ref<ComposerHandle>;
  /** When this changes (the chat opened), the box takes focus on devices with a fine pointer. */
  focusKey?: string;
  /** A group chat's `@` list (chat/group-composer.tsx): told of the text and caret, keys first, its attributes on the box. */
  assist?: {
    onText: (text: string, caret: number) => void;
    /** True when it handled the key (the box then does nothing more with it). */
    onKey: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
    box: TextareaHTMLAttributes<HTMLTextAreaElement>;
    above: ReactNode;
  };
}

/** Image files among what was dropped or pasted. */
export function filesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : [];
}

/** A mouse or trackpad: focusing the box then does not pop up a phone's on-screen keyboard. */
const finePointer = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

/** The message box: Enter sends, Shift+Enter makes a new line, Stop while a reply streams. */
export function Composer({ streaming, onSend, onStop, ref, focusKey, assist }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [voice, setVoice] = useState<DictationState>('idle');
  const box = useRef<HTMLTextAreaElement>(null);
  const processing = voice === 'starting' || voice === 'transcribing';
  const attachments = useAttachments();
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // Where the caret goes once a replaced text is on screen: set in the same commit, before the
  // next key is handled (in a later frame, keys typed meanwhile were moved behind it: a mention
  // picked, then "y mañana?" typed, became "mañana?y ").
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = caretAfter.current;
    if (caret === null) return;
    caretAfter.current = null;
    box.current?.focus();
    box.current?.setSelectionRange(caret, caret);
  });
  const replace = useCallback((value: string, caret: number) => {
    const el = box.current;
    if (el && el.value === value) {
      // The same text: no commit to wait for.
      el.focus();
      el.setSelectionRange(caret, caret);
      return;
    }
    caretAfter.current = caret;
    setText(value);
  }, []);
  useImperativeHandle(
    ref,
    () => ({
      addFiles: attachments.add,
      fill: (value) => setText((current) => (current.trim() ? current : value)),
      replace,
    }),
    [attachments.add, replace],
  );
  const onText = useRef(assist?.onText);
  onText.current = assist?.onText;
  useEffect(() => {
    onText.current?.(text, box.current?.selectionStart ?? text.length);
  }, [text]);

  useEffect(() => {
    if (focusKey !== undefined && finePointer()) box.current?.focus({ preventScroll: true });
  }, [focusKey]);

  // Dictation lands at the cursor (or replaces the selection); the caret ends after it.
  const insertTranscript = useCallback((transcript: string) => {
    const el = box.current;
    setText((current) => {
      const next = insertAtCursor(current, transcript, el?.selectionStart ?? null, el?.selectionEnd ?? null);
      if (next.value !== current) caretAfter.current = next.caret;
      return next.value;
    });
  }, []);
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const canSend = text.trim() !== '' && !tooLong && !sending && !streaming;

  const submit = async () => {
    if (!canSend) return;
    if (attachments.uploading) {
      showToast({ severity: 'info', message: mediaTexts.waitForUploads });
      return;
    }
    setSending(true);
    const accepted = await onSend(text, attachments.ids);
    setSending(false);
    if (accepted) {
      setText('');
      attachments.clear();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = filesOf(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };

  const onDrop = (event: DragEvent) => {
    setDragging(false);
    const files = filesOf(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (assist?.onKey(event)) return;
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
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`border-t border-border bg-surface px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] ${dragging ? 'outline-2 -outline-offset-4 outline-dashed outline-accent' : ''}`}
      data-testid="composer"
    >
      {dragging ? (
        <p className="sr-only" role="status">
          {mediaTexts.dropHere}
        </p>
      ) : null}
      <AttachmentTray items={attachments.items} onRemove={attachments.remove} />
      {assist?.above}
      <div className="mx-auto flex w-full max-w-3xl items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept={ATTACH_ACCEPT}
          multiple
          hidden
          data-testid="attach-input"
          onChange={(e) => {
            attachments.add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Button
          onClick={() => picker.current?.click()}
          aria-label={mediaTexts.attach}
          title={mediaTexts.attach}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl border border-border bg-surface-2 text-muted hover:text-fg"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-9 9" />
          </svg>
        </Button>
        <textarea
          {...assist?.box}
          ref={box}
          value={text}
          readOnly={processing}
          aria-busy={processing}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onSelect={(e) => assist?.onText(e.currentTarget.value, e.currentTarget.selectionStart)}
          onPaste={onPaste}
          rows={1}
          placeholder={processing ? appTexts.voice.processing : appTexts.chat.placeholder}
          aria-label={appTexts.chat.messageLabel}
          aria-invalid={tooLong}
          className="max-h-48 min-h-11 flex-1 resize-none rounded-xl border border-border bg-surface-2 px-3 py-2.5 text-fg [field-sizing:content] placeholder:text-muted"
        />
        <MicButton onTranscript={insertTranscript} onStateChange={setVoice} />
        {streaming ? (
          <Button onClick={onStop} className="h-11 rounded-xl border border-border bg-surface-3 px-4 font-medium">
            {appTexts.chat.stop}
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend} variant="primary" className="h-11">
            {appTexts.chat.send}
          </Button>
        )}
      </div>
      {text.length > MAX_MESSAGE_LENGTH - 500 ? (
        <p className={`mx-auto mt-1 max-w-3xl text-end text-xs ${tooLong ? 'text-danger' : 'text-muted'}`}>
          {appTexts.chat.counter(text.length, MAX_MESSAGE_LENGTH)}
        </p>
      ) : null}
    </form>
  );
}
