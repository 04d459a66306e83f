import { FOLDER_NAME_MAX, type Folder } from '@neura/contract';
import { type FormEvent, useState } from 'react';
import { create } from 'zustand';
import { useChats } from '../store/chats';
import { organiseTexts } from '../texts/organise';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { ModalFrame } from '../ui/modal-frame';
import { createFolder, deleteFolder, fileChat, moveFolder, renameFolder, useFolders } from './queries/folders';

/** Which folder dialog is open (issue #49): create, a folder's options, rename, delete, or filing a chat. */
type FolderDialog =
  | { kind: 'create' }
  | { kind: 'options'; folder: Folder }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'delete'; folder: Folder }
  | { kind: 'file'; chatId: string };

export const useFolderDialog = create<{ dialog: FolderDialog | null; open: (d: FolderDialog | null) => void }>()(
  (set) => ({ dialog: null, open: (dialog) => set({ dialog }) }),
);

const t = organiseTexts.folders;
const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-start hover:bg-surface-3';

function NameForm({ initial, submit, onDone }: { initial: string; submit: string; onDone: (name: string) => void }) {
  const [name, setName] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onDone(name.trim());
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={t.nameLabel}>
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={FOLDER_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            className={`${inputClass} border-border`}
            data-autofocus
            data-testid="folder-name"
          />
        )}
      </Field>
      <Button type="submit" variant="primary" disabled={!name.trim()}>
        {submit}
      </Button>
    </form>
  );
}

/** The folder dialogs, mounted once (chats-runtime.tsx). */
export function FolderDialogs() {
  const dialog = useFolderDialog((s) => s.dialog);
  const open = useFolderDialog((s) => s.open);
  const folders = useFolders(dialog !== null).data ?? [];
  const chat = useChats((s) => (dialog?.kind === 'file' ? s.chats.find((c) => c.id === dialog.chatId) : undefined));
  if (!dialog) return null;
  const close = () => open(null);
  const then = (work: () => Promise<unknown>) => () => {
    close();
    void work();
  };

  let title: string;
  let body: React.ReactNode;
  switch (dialog.kind) {
    case 'create':
      title = t.createTitle;
      body = <NameForm initial="" submit={t.create} onDone={(name) => then(() => createFolder(name))()} />;
      break;
    case 'rename':
      title = t.renameTitle;
      body = (
        <NameForm
          initial={dialog.folder.name}
          submit={t.save}
          onDone={(name) => then(() => renameFolder(dialog.folder.id, name))()}
        />
      );
      break;
    case 'delete':
      title = t.deleteTitle(dialog.folder.name);
      body = (
        <>
          <p className="mb-5 text-muted">{t.deleteBody}</p>
          <Button variant="danger" className="w-full" onClick={then(() => deleteFolder(dialog.folder.id))}>
            {t.deleteConfirm}
          </Button>
        </>
      );
      break;
    case 'options': {
      const { folder } = dialog;
      const at = folders.findIndex((f) => f.id === folder.id);
      title = folder.name;
      body = (
        <ul className="flex flex-col">
          <li>
            <Button className={itemClass} onClick={() => open({ kind: 'rename', folder })}>
              {t.rename}
            </Button>
          </li>
          {at > 0 ? (
            <li>
              <Button className={itemClass} onClick={then(() => moveFolder(folder.id, at - 1))}>
                {t.moveUp}
              </Button>
            </li>
          ) : null}
          {at >= 0 && at < folders.length - 1 ? (
            <li>
              <Button className={itemClass} onClick={then(() => moveFolder(folder.id, at + 1))}>
                {t.moveDown}
              </Button>
            </li>
          ) : null}
          <li>
            <Button className={`${itemClass} text-danger`} onClick={() => open({ kind: 'delete', folder })}>
              {t.delete}
            </Button>
          </li>
        </ul>
      );
      break;
    }
    case 'file': {
      const current = chat?.folderId ?? null;
      title = t.moveTitle;
      body = (
        <ul className="flex flex-col" data-testid="folder-choices">
          {[{ id: null, name: t.noFolder }, ...folders].map((f) => (
            <li key={f.id ?? ''}>
              <Button
                className={itemClass}
                aria-current={current === f.id ? 'true' : undefined}
                onClick={then(() => fileChat(dialog.chatId, f.id))}
              >
                <span className="flex-1">{f.name}</span>
                {current === f.id ? <span aria-hidden="true">✓</span> : null}
              </Button>
            </li>
          ))}
          <li>
            <Button className={`${itemClass} text-muted`} onClick={() => open({ kind: 'create' })}>
              + {t.newFolder}
            </Button>
          </li>
        </ul>
      );
      break;
    }
  }

  return (
    <ModalFrame titleId="folder-dialog-title" onClose={close} className="sm:max-w-sm">
      <div className="p-4">
        <h2 id="folder-dialog-title" className="mb-3 truncate text-lg font-semibold">
          {title}
        </h2>
        {body}
        <Button onClick={close} className="mt-2 w-full rounded-lg bg-surface-3 px-3 py-3 font-medium hover:bg-border">
          {t.cancel}
        </Button>
      </div>
    </ModalFrame>
  );
}
