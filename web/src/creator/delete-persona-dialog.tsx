import { createPortal } from 'react-dom';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';
import { ModalFrame } from '../ui/modal-frame';

/** "Delete this persona?": says that existing chats stay readable. */
export function DeletePersonaDialog({
  name,
  busy,
  onCancel,
  onConfirm,
}: {
  name: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // On document.body: a page's (or another dialog's) stacking context must not put it under the footer.
  return createPortal(
    <ModalFrame titleId="delete-persona-title" onClose={onCancel} role="alertdialog" className="sm:max-w-sm">
      <div className="p-5" data-testid="delete-persona-dialog">
        <h2 id="delete-persona-title" className="mb-1 text-lg font-semibold">
          {t.mine.deleteTitle}
        </h2>
        <p className="mb-2 font-medium">{name}</p>
        <p className="mb-5 text-muted">{t.mine.deleteBody}</p>
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel} className="rounded-lg px-4 py-2 hover:bg-surface-3" data-autofocus>
            {t.mine.cancel}
          </Button>
          <Button
            onClick={onConfirm}
            disabled={busy}
            className="rounded-lg bg-danger px-4 py-2 font-medium text-black disabled:opacity-50"
          >
            {t.mine.deleteConfirm}
          </Button>
        </div>
      </div>
    </ModalFrame>,
    document.body,
  );
}
