import { useEffect, useId, useRef, useState } from 'react';
import { messageActionTexts as t } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { actionButton, menuItem } from './classes';
import { ForkItem } from './fork-item';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    showToast({ severity: 'error', message: t.copyFailed });
    return false;
  }
}

/**
 * "⋯": copy the message as plain text (what the reader sees) or as markdown (its source), and fork
 * the chat from it (`fork`). A menu button: Enter/Space/ArrowDown open it, arrows move, Escape
 * closes and returns focus.
 */
export function CopyMenu({
  markdown,
  plainText,
  fork,
}: {
  markdown: string;
  plainText: () => string;
  fork?: { chatId: string; messageId: string };
}) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const choose = async (text: string) => {
    setOpen(false);
    button.current?.focus();
    if (await copy(text)) setCopied(true);
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (i + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      items[next]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <span className="relative inline-flex">
      <Button
        ref={button}
        className={actionButton}
        aria-label={t.more}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </Button>
      {copied ? (
        <span className="ms-1 self-center text-xs text-muted" role="status">
          {t.copied}
        </span>
      ) : null}
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t.more}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute bottom-full start-0 z-20 mb-1 min-w-44 rounded-lg border border-border bg-surface py-1 text-sm shadow-lg"
        >
          {markdown.trim() !== '' ? (
            <>
              <Button role="menuitem" className={menuItem} onClick={() => void choose(plainText())}>
                {t.copyText}
              </Button>
              <Button role="menuitem" className={menuItem} onClick={() => void choose(markdown)}>
                {t.copyMarkdown}
              </Button>
            </>
          ) : null}
          {fork ? <ForkItem {...fork} onDone={() => setOpen(false)} /> : null}
        </div>
      ) : null}
    </span>
  );
}
