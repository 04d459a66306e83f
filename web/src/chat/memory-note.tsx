import type { MemoryPart, Message } from '@neura/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/app-error';
import { addMemoryItem, deleteMemoryItem } from '../api/memory';
import { memoryTexts } from '../texts/memory';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';

const t = memoryTexts.note;

/** Undo of a note: a remembered item is deleted; a forgotten one is added back as it was. */
function undo(part: MemoryPart): Promise<unknown> {
  if (part.action === 'remembered') return deleteMemoryItem(part.itemId);
  return addMemoryItem({
    text: part.text,
    scope: part.scope,
    ...(part.personaId ? { personaId: part.personaId } : {}),
    ...(part.chatId ? { chatId: part.chatId } : {}),
    ...(part.pinned ? { pinned: true } : {}),
  });
}

function MemoryNote({ part }: { part: MemoryPart }) {
  const [state, setState] = useState<'idle' | 'busy' | 'undone'>('idle');
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-border px-3 py-1.5 text-xs text-muted"
      data-testid="memory-note"
      data-action={part.action}
    >
      <span className="font-semibold text-fg">{t.updated}</span>
      <span className="min-w-0 break-words">
        {part.action === 'remembered' ? t.remembered(part.text) : t.forgot(part.text)}
      </span>
      {state === 'undone' ? (
        <span>{t.undone}</span>
      ) : (
        <Button
          busy={state === 'busy'}
          className="py-1 underline hover:text-fg disabled:opacity-60"
          onClick={() => {
            setState('busy');
            undo(part).then(
              () => setState('undone'),
              (error) => {
                setState('idle');
                showToast({ severity: 'error', message: errorMessage(error) });
              },
            );
          }}
        >
          {t.undo}
        </Button>
      )}
      <Link to="/settings/memory" className="py-1 underline hover:text-fg">
        {t.manage}
      </Link>
    </div>
  );
}

/** The "Memory updated" notes of a reply (the model remembered or forgot something), each with undo. */
export function MemoryNotes({ message }: { message: Message }) {
  const notes = (message.parts ?? []).filter((p): p is MemoryPart => p.type === 'memory');
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((part) => (
        <MemoryNote key={`${part.action}-${part.itemId}`} part={part} />
      ))}
    </>
  );
}
