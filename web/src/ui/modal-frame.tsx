import type { ReactNode } from 'react';
import { ModalShell } from './modal';

/**
 * The chats feature's dialogs (New Chat, chat menu, delete confirmation): rendered only while
 * open, on the app's one modal mechanism (focus trap, Escape, backdrop, animation, haptic).
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
  return (
    <ModalShell
      open
      onClose={onClose}
      labelledBy={titleId}
      modalId={modalId}
      role={role}
      className={`relative overflow-hidden ${className}`}
    >
      {children}
    </ModalShell>
  );
}
