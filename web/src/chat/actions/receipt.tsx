import type { Message, SkillInfo } from '@neura/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSkills } from '../../skills/queries/skills';
import { useUser } from '../../store/user';
import { replyTexts, messageActionTexts as t } from '../../texts/app-texts';
import { documentTexts } from '../../texts/documents';
import { formatDayTime } from '../../texts/format';
import { memoryTexts } from '../../texts/memory';
import { texts } from '../../texts/texts';
import { Button } from '../../ui/button';
import { actionButton } from './classes';

export interface ReceiptLines {
  base: number;
  surcharges: { id: string; skill: string; amount: number }[];
  /** What grounding on the chat's documents cost (its `sources` part); absent when free. */
  documents?: number;
  total: number;
  refunded: boolean;
}

/**
 * What a reply cost: its `cost` is the persona's base plus the surcharge of each skill call that
 * completed (failed calls are refunded) and of its documents; a failed reply was refunded entirely.
 */
export function receiptOf(message: Message, skills: Map<string, SkillInfo> | undefined): ReceiptLines {
  const surcharges = (message.parts ?? []).flatMap((part) => {
    if (part.type !== 'tool' || part.status !== 'complete') return [];
    const amount = skills?.get(part.skill)?.cost ?? 0;
    return amount > 0 ? [{ id: part.id, skill: part.skill, amount }] : [];
  });
  const documents = (message.parts ?? []).reduce((sum, p) => sum + (p.type === 'sources' ? (p.cost ?? 0) : 0), 0);
  const extra = surcharges.reduce((sum, s) => sum + s.amount, 0) + documents;
  const refunded = message.status === 'failed';
  return {
    base: Math.max(0, message.cost - extra),
    surcharges,
    ...(documents > 0 ? { documents } : {}),
    total: refunded ? 0 : message.cost,
    refunded,
  };
}

/**
 * A message's time ("08:05 PM", in the app's locale, en-US, as its other dates), written by hand:
 * building the first `Intl.DateTimeFormat` loads the locale's data, a task of 70-120 ms on a phone
 * (4× CPU slow-down) that every chat open paid, in or right after the first render of its messages.
 */
export const formatTime = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours % 12 || 12)}:${two(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
};
// The receipt's full date and time: built on first use (a receipt opened), once.
const formatDateTime = (iso: string) => formatDayTime(iso);

/** The model and token counts of a reply, for admins (the server sends them to admins only). */
function UsageLines({ message }: { message: Message }) {
  const { model, usage } = message;
  const counts: Array<[string, number | undefined]> = [
    [replyTexts.receiptInputTokens, usage?.inputTokens],
    [replyTexts.receiptOutputTokens, usage?.outputTokens],
    [replyTexts.receiptReasoningTokens, usage?.reasoningTokens],
    [replyTexts.receiptCachedTokens, usage?.cachedInputTokens],
  ];
  const shown = counts.filter((c): c is [string, number] => c[1] !== undefined);
  if (!model && shown.length === 0) return null;
  return (
    <div className="contents" data-testid="receipt-usage">
      {model ? (
        <>
          <dt className="border-t border-border pt-1 text-muted">{replyTexts.receiptModel}</dt>
          <dd className="min-w-0 break-all border-t border-border pt-1 text-end text-muted">{model}</dd>
        </>
      ) : null}
      {shown.length > 0 ? (
        <p className="col-span-2 pt-1 text-xs font-semibold text-muted">{replyTexts.receiptTokens}</p>
      ) : null}
      {shown.map(([label, n]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-end text-muted tabular-nums">{replyTexts.tokens(n)}</dd>
        </div>
      ))}
    </div>
  );
}

function ReceiptBody({ message }: { message: Message }) {
  const lines = receiptOf(message, useSkills());
  const admin = useUser((s) => s.user?.role === 'admin');
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt>{t.receiptBase}</dt>
      <dd className="text-end tabular-nums">{t.credits(lines.base)}</dd>
      {lines.surcharges.map((s) => (
        <div key={s.id} className="contents" data-testid="receipt-surcharge">
          <dt>{texts.explore.skills[s.skill] ?? s.skill}</dt>
          <dd className="text-end tabular-nums">+{t.credits(s.amount)}</dd>
        </div>
      ))}
      <dt className="border-t border-border pt-1 font-semibold">{t.receiptTotal}</dt>
      <dd className="border-t border-border pt-1 text-end font-semibold tabular-nums">{t.credits(lines.total)}</dd>
      <dt className="text-muted">{t.receiptTime}</dt>
      <dd className="text-end text-muted">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </dd>
      {message.memoryTokens !== undefined ? (
        <div className="contents" data-testid="receipt-memory">
          <dt className="text-muted">{memoryTexts.receiptMemory}</dt>
          <dd className="text-end text-muted tabular-nums">{memoryTexts.tokens(message.memoryTokens)}</dd>
        </div>
      ) : null}
      {message.documentTokens !== undefined ? (
        <div className="contents" data-testid="receipt-documents">
          <dt className="text-muted">{documentTexts.receipt}</dt>
          <dd className="text-end text-muted tabular-nums">
            {memoryTexts.tokens(message.documentTokens)}
            {lines.documents ? ` · +${t.credits(lines.documents)}` : ''}
          </dd>
        </div>
      ) : null}
      {lines.refunded ? <p className="col-span-2 pt-1 text-xs text-muted">{t.receiptRefunded}</p> : null}
      {message.status === 'stopped' ? <p className="col-span-2 pt-1 text-xs text-muted">{t.receiptStopped}</p> : null}
      {admin ? <UsageLines message={message} /> : null}
    </dl>
  );
}

/**
 * The cost chip of a reply; it opens a small receipt (base, each surcharge, total, time) above the
 * chip, or below it when there is no room above (a reply near the top of the chat).
 */
export function Receipt({ message }: { message: Message }) {
  const [open, setOpen] = useState(false);
  const [below, setBelow] = useState(false);
  const id = useId();
  const box = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const total = message.status === 'failed' ? 0 : message.cost;

  // Before it paints: flip below when the top would be cut by the chat's scroller (or the window).
  useLayoutEffect(() => {
    if (!open) {
      setBelow(false);
      return;
    }
    const top = popover.current?.getBoundingClientRect().top;
    if (top === undefined) return;
    const frame = box.current?.closest('[role="log"]')?.getBoundingClientRect().top ?? 0;
    if (top < frame) setBelow(true);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  return (
    <span ref={box} className="relative inline-flex">
      <Button
        ref={button}
        className={actionButton}
        aria-label={t.receiptButton(total)}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {t.credits(total)}
      </Button>
      {open ? (
        <div
          ref={popover}
          id={id}
          role="dialog"
          aria-label={t.receiptTitle}
          data-placement={below ? 'below' : 'above'}
          className={`absolute start-0 z-20 w-64 rounded-lg border border-border bg-surface p-3 text-fg shadow-lg ${below ? 'top-full mt-1' : 'bottom-full mb-1'}`}
        >
          <h3 className="mb-2 text-sm font-semibold">{t.receiptTitle}</h3>
          <ReceiptBody message={message} />
        </div>
      ) : null}
    </span>
  );
}
