import { useId } from 'react';
import { Button } from './button';
import { ModalFrame } from './modal-frame';

/**
 * The app's confirmation: a title, what will happen, Cancel (focused first) and the action, on
 * the one modal mechanism (focus trap, Escape, backdrop). For what cannot be undone, instead of
 * the browser's `confirm()`.
 */
export function ConfirmDialog({
  title,
  body,
  confirm,
  cancel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <ModalFrame titleId={titleId} onClose={onClose} role="alertdialog" className="sm:max-w-sm">
      <div className="p-5">
        <h2 id={titleId} className="mb-2 text-lg font-semibold">
          {title}
        </h2>
        <p className="mb-5 text-muted">{body}</p>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} className="rounded-lg px-4 py-2 hover:bg-surface-3" data-autofocus>
            {cancel}
          </Button>
          <Button
            onClick={() => {
              onClose();
              onConfirm();
            }}
            variant={danger ? 'danger' : 'primary'}
          >
            {confirm}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
