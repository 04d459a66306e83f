import { MEMORY_ITEM_MAX, type MemoryItem } from '@neura/contract';
import { useState } from 'react';
import { usePersonas } from '../store/personas';
import { memoryTexts as t } from '../texts/memory';
import { Button } from '../ui/button';

/** One remembered item: its text, scope and source; pin, edit in place and delete. */
export function MemoryItemRow({
  item,
  onPin,
  onEdit,
  onDelete,
}: {
  item: MemoryItem;
  onPin: (pinned: boolean) => Promise<void>;
  onEdit: (text: string) => Promise<boolean>;
  onDelete: () => Promise<void>;
}) {
  const personaName = usePersonas((s) => s.personas.find((p) => p.id === item.personaId)?.name);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.text);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center" data-testid="memory-item">
        <input
          aria-label={t.editLabel(item.text)}
          value={draft}
          maxLength={MEMORY_ITEM_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(false);
          }}
          className="min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2"
          // biome-ignore lint/a11y/noAutofocus: the field the user just asked to edit.
          autoFocus
        />
        <div className="flex gap-2">
          <Button
            variant="primary"
            size="sm"
            className="shrink-0"
            disabled={busy || draft.trim() === ''}
            onClick={() =>
              void run(async () => {
                if (await onEdit(draft.trim())) setEditing(false);
              })
            }
          >
            {t.save}
          </Button>
          <Button variant="secondary" size="sm" className="shrink-0" onClick={() => setEditing(false)}>
            {t.cancel}
          </Button>
        </div>
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start" data-testid="memory-item">
      <div className="min-w-0 flex-1">
        <p className="break-words">{item.text}</p>
        <p className="text-xs text-muted">
          {item.pinned ? <span className="me-1 font-semibold text-fg">{t.pinned} ·</span> : null}
          {t.scopeOf(item.scope, personaName)} · {item.source === 'model' ? t.sourceModel : t.sourceUser}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={busy}
          aria-label={item.pinned ? t.unpinLabel(item.text) : t.pinLabel(item.text)}
          aria-pressed={item.pinned}
          onClick={() => void run(() => onPin(!item.pinned))}
        >
          {item.pinned ? t.unpin : t.pin}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={busy}
          aria-label={t.editLabel(item.text)}
          onClick={() => {
            setDraft(item.text);
            setEditing(true);
          }}
        >
          {t.edit}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 text-danger"
          disabled={busy}
          aria-label={t.deleteLabel(item.text)}
          onClick={() => void run(onDelete)}
        >
          {t.delete}
        </Button>
      </div>
    </li>
  );
}
