import { Link } from 'react-router';
import { errorMessage } from '../api/app-error';
import { useChats } from '../store/chats';
import { ioTexts } from '../texts/io';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { ModalFrame } from '../ui/modal-frame';
import { showToast } from '../ui/toast-store';
import { absoluteLink } from './io-api';
import { useShareDialog } from './io-ui-store';
import { useCreateShare } from './queries/shares';

const t = ioTexts.share;

/** Share Chat: makes a read-only link to the chat as it is now, with Copy. */
export function ShareDialog() {
  const chatId = useShareDialog((s) => s.chatId);
  const chat = useChats((s) => s.chats.find((c) => c.id === chatId));
  if (!chatId || !chat) return null;
  // A new chat starts the dialog afresh (its own link, no old error).
  return <ShareChat key={chatId} chatId={chatId} chatName={chat.name} />;
}

function ShareChat({ chatId, chatName }: { chatId: string; chatName: string }) {
  const open = useShareDialog((s) => s.open);
  const sharing = useCreateShare();
  const link = sharing.data ?? null;
  const busy = sharing.isPending;
  const error = sharing.error ? errorMessage(sharing.error) : null;
  const close = () => open(null);
  const create = () => sharing.mutate(chatId);
  const url = link ? absoluteLink(link.url) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ severity: 'success', message: t.copied });
    } catch {
      // No clipboard (permissions, insecure origin): the field is selected for a manual copy.
      (document.getElementById('share-link-field') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <ModalFrame titleId="share-chat-title" onClose={close} className="sm:max-w-md">
      <div className="flex flex-col gap-4 p-5" data-testid="share-dialog">
        <div>
          <h2 id="share-chat-title" className="text-lg font-semibold">
            {t.title}
          </h2>
          <p className="truncate text-sm text-muted">{chatName}</p>
        </div>
        <p className="text-sm">{t.explain}</p>
        {link ? (
          <Field id="share-link-field" label={t.linkLabel}>
            {(control) => (
              <div className="flex gap-2">
                <input
                  {...control}
                  readOnly
                  value={url}
                  onFocus={(e) => e.currentTarget.select()}
                  className="min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2 text-sm"
                />
                <Button onClick={() => void copy()} variant="primary" size="sm">
                  {t.copy}
                </Button>
              </div>
            )}
          </Field>
        ) : (
          <Button onClick={create} disabled={busy} variant="primary">
            {busy ? t.creating : t.create}
          </Button>
        )}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <Link to="/settings/data" onClick={close} className="text-sm text-muted underline">
            {t.manage}
          </Link>
          <Button onClick={close} className="rounded-lg px-4 py-2 hover:bg-surface-3">
            {t.close}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
