import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal dialog: dimmed backdrop, bottom sheet on phones and centred card on larger screens,
 * Escape and backdrop click close it, focus moves in on open and back out on close.
 */
export function ModalFrame({
  titleId,
  onClose,
  children,
  modalId,
  role = 'dialog',
  className = '',
}: {
  titleId: string;
  onClose: () => void;
  children: ReactNode;
  modalId?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus], button:not([disabled]), [href], input');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 h-full w-full cursor-default bg-black/60"
        onClick={() => close.current()}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal. */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        id={modalId}
        data-modal-id={modalId}
        className={`relative max-h-[90dvh] w-full overflow-hidden rounded-t-2xl border border-border bg-surface-2 shadow-2xl sm:rounded-2xl ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
