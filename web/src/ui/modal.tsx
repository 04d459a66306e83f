import type { ModalId } from '@neura/contract';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { hapticImpact } from '../platform/haptics';
import { useAppStore } from '../store/app-store';
import { texts } from '../texts/texts';
import { afterNextFrame } from './after-next-frame';
import { Button } from './button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const CLOSE_MS = 180;

export interface ModalShellProps {
  open: boolean;
  onClose: () => void;
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  children: ReactNode;
  /** False where SPEC.md forbids closing (no Escape, no backdrop). */
  dismissible?: boolean;
  /** For tests and e2e: data-modal-id on the dialog. */
  modalId?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Extra data-* attributes on the dialog element (e.g. the auth modal's current page). */
  data?: Record<`data-${string}`, string>;
}

/**
 * The one modal mechanism of the app: role dialog labelled by its title, focus trapped inside and
 * restored on close, Escape and the backdrop close it (when dismissible), open/close animation and
 * a haptic impact on each change. Features render their own header inside it.
 */
export function ModalShell({
  open,
  onClose,
  labelledBy,
  children,
  dismissible = true,
  modalId,
  role = 'dialog',
  className,
  data,
}: ModalShellProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!open) return;
    } else hapticImpact('LIGHT');
    if (open) {
      setMounted(true);
      setClosing(false);
      return;
    }
    setClosing(true);
    const timer = setTimeout(() => {
      setMounted(false);
      setClosing(false);
    }, CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Focus the first control on open; give focus back to where it was on close.
  useEffect(() => {
    if (!open || !mounted) return;
    const previous = document.activeElement as HTMLElement | null;
    // After the frame's layout, not in the commit that opened the dialog: focus() lays the page out
    // first, and the visitor's intro modal opens in the render of the catalog (issue #50 item 2: a
    // forced layout of the whole first page inside a 180 ms task at 4× CPU). Without scrolling it
    // into view (the dialog is in view); not if focus is in the dialog already (a tap that fast).
    const cancel = afterNextFrame(() => {
      const node = panel.current;
      if (!node || node.contains(document.activeElement)) return;
      (node.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? node).focus({ preventScroll: true });
    });
    return () => {
      cancel();
      previous?.focus?.();
    };
  }, [open, mounted]);

  // Escape closes wherever focus is (also when it sits on the page behind, e.g. after a click there).
  useEffect(() => {
    if (!open || !mounted || !dismissible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, mounted, dismissible]);

  if (!mounted) return null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      panel.current.focus();
      return;
    }
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panel.current)) {
      event.preventDefault();
      lastItem?.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click closes; the keyboard has Escape and the close button.
    <div
      className={`modal-backdrop fixed inset-0 z-50 flex items-end justify-center bg-black/60 sm:items-center ${closing ? 'is-closing' : ''}`}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the dialog (its role is a prop) traps Tab to keep focus inside. */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        id={modalId}
        data-modal-id={modalId}
        {...data}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`modal-panel max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-t-2xl border border-border bg-surface-2 shadow-2xl outline-none sm:rounded-2xl ${closing ? 'is-closing' : ''} ${className ?? ''}`}
      >
        {children}
      </div>
    </div>
  );
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** False where SPEC.md forbids closing (no Escape, no backdrop, no close button). */
  dismissible?: boolean;
  /** For tests and e2e: data-modal-id on the dialog. */
  modalId?: string;
  className?: string;
}

/** A modal with the standard header: its title and a close button. */
export function Modal({ open, onClose, title, children, dismissible = true, modalId, className }: ModalProps) {
  const titleId = useId();
  return (
    <ModalShell
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      dismissible={dismissible}
      modalId={modalId}
      className={`p-6 ${className ?? ''}`}
    >
      <div className="mb-4 flex items-start gap-2">
        <h2 id={titleId} className="min-w-0 flex-1 text-xl font-semibold">
          {title}
        </h2>
        {dismissible ? (
          <Button
            onClick={onClose}
            aria-label={texts.modal.close}
            className="-mt-1 -me-2 flex h-9 w-9 items-center justify-center rounded-full text-xl text-muted hover:bg-surface-3 hover:text-fg"
          >
            <span aria-hidden="true">×</span>
          </Button>
        ) : null}
      </div>
      {children}
    </ModalShell>
  );
}

/** A modal bound to the store: open while activeModal equals its id (SPEC.md §4 Modals). */
export function StoreModal({ id, ...rest }: Omit<ModalProps, 'open' | 'onClose'> & { id: ModalId }) {
  const open = useAppStore((s) => s.activeModal === id);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  return <Modal {...rest} modalId={id} open={open} onClose={() => setActiveModal(null)} />;
}
