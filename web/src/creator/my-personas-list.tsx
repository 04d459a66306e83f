import type { CustomPersona } from '@neura/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { startChat } from '../chats/chat-actions';
import { customPersonasApi } from '../personas/custom-personas-api';
import { PersonaIcon } from '../personas/persona-icon';
import { removeMyPersona } from '../personas/queries/my-personas';
import { forgetProfile } from '../personas/queries/profiles';
import { creatorTexts as t } from '../texts/creator';
import { Button, buttonClass } from '../ui/button';
import { copyText } from '../ui/copy-text';
import { showToast } from '../ui/toast-store';
import { ExportCardButtons } from './card-actions';
import { DeletePersonaDialog } from './delete-persona-dialog';
import { absoluteLink } from './persona-link';

const BADGE: Record<string, string> = {
  pending: 'bg-surface-3 text-warning',
  approved: 'bg-surface-3 text-success',
  rejected: 'bg-surface-3 text-danger',
};

/** My personas: each with its visibility, review state and edit / chat / copy link / delete. */
export function MyPersonasList({ items }: { items: CustomPersona[] }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<CustomPersona | null>(null);
  const [busy, setBusy] = useState(false);

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-8 text-center" data-testid="my-personas-empty">
        <p className="text-muted">{t.mine.empty}</p>
        <Link to="/create" className={buttonClass('primary')}>
          {t.mine.createFirst}
        </Link>
      </div>
    );
  }

  const copy = async (p: CustomPersona) => {
    const ok = await copyText(absoluteLink(p.link));
    showToast({ severity: ok ? 'success' : 'error', message: ok ? t.mine.copied : t.mine.copyFailed });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await customPersonasApi.remove(deleting.id);
      removeMyPersona(deleting.id);
      forgetProfile(deleting.id);
      showToast({ severity: 'success', message: t.mine.deleted });
      setDeleting(null);
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const action = 'rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-surface-3';
  return (
    <>
      <ul className="flex flex-col gap-2" data-testid="my-personas">
        {items.map((p) => (
          <li
            key={p.id}
            className="flex flex-col gap-3 rounded-2xl border border-border bg-surface-2 p-3 sm:flex-row sm:items-center"
            data-testid="my-persona"
            data-persona-id={p.id}
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <PersonaIcon id={p.id} avatarUrl={p.avatarUrl} size={48} />
              <div className="min-w-0">
                <h3 className="truncate font-semibold">{p.name}</h3>
                {p.tagline ? <p className="truncate text-sm text-muted">{p.tagline}</p> : null}
                <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
                  <span className="rounded-full bg-surface-3 px-2 py-0.5" data-testid="my-persona-visibility">
                    {t.mine.visibility[p.visibility]}
                  </span>
                  {p.visibility === 'public' && p.reviewState ? (
                    <span
                      className={`rounded-full px-2 py-0.5 font-medium ${BADGE[p.reviewState] ?? ''}`}
                      data-testid="my-persona-review"
                      data-state={p.reviewState}
                    >
                      {t.mine.review[p.reviewState]}
                    </span>
                  ) : null}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                className={action}
                onClick={() => void startChat(p.id, navigate)}
                aria-label={t.mine.chatNamed(p.name)}
              >
                {t.mine.chat}
              </Button>
              <Link
                to={`/create?edit=${encodeURIComponent(p.id)}`}
                className={action}
                aria-label={t.mine.editNamed(p.name)}
              >
                {t.mine.edit}
              </Link>
              {p.visibility !== 'private' ? (
                <Button className={action} onClick={() => void copy(p)} aria-label={t.mine.copyLinkNamed(p.name)}>
                  {t.mine.copyLink}
                </Button>
              ) : null}
              <ExportCardButtons persona={p} className={action} />
              <Button
                className={`${action} text-danger`}
                onClick={() => setDeleting(p)}
                aria-label={t.mine.deleteNamed(p.name)}
              >
                {t.mine.delete}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {deleting ? (
        <DeletePersonaDialog
          name={deleting.name}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
    </>
  );
}
