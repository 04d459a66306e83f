import type { Persona } from '@neura/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PersonaIcon } from '../personas/persona-icon';
import { ProLabel } from '../personas/pro-label';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { DRAFT_CHAT_ID } from './chat-actions';

const MIN = 2;
const MAX = 5;

/**
 * New Chat's group mode (issue #46): pick 2–5 personas (they reply in the order picked; Pro ones
 * only for Pro users), then the group's draft opens: the chat is made with its first message.
 */
export function GroupPicker({ onClose, onCancel }: { onClose: () => void; onCancel: () => void }) {
  const personas = usePersonas((s) => s.personas).filter((p) => p.published);
  const isPro = useUser(selectIsPro);
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (persona: Persona) =>
    setPicked((ids) =>
      ids.includes(persona.id) ? ids.filter((id) => id !== persona.id) : ids.length < MAX ? [...ids, persona.id] : ids,
    );
  // The group's draft: the chat is made with its first message (issue #46).
  const start = () => {
    onClose();
    navigate(`/chats/${DRAFT_CHAT_ID}?personas=${picked.map(encodeURIComponent).join(',')}`);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="group-picker">
      <p className="px-4 pt-3 text-sm text-muted">{appTexts.group.pickHint}</p>
      <ul className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto p-3">
        {personas.map((p) => {
          const locked = p.requiresPro && !isPro;
          const order = picked.indexOf(p.id);
          return (
            <li key={p.id}>
              <Button
                onClick={() => toggle(p)}
                disabled={locked}
                aria-pressed={order >= 0}
                data-testid="group-pick"
                className={`flex w-full items-center gap-3 rounded-xl p-2 text-start hover:bg-surface-3 disabled:opacity-50 ${order >= 0 ? 'bg-surface-3 ring-2 ring-accent ring-inset' : ''}`}
              >
                <PersonaIcon id={p.id} avatarUrl={p.avatarUrl} size={36} />
                <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
                  <span className="truncate">{p.name}</span>
                  {p.requiresPro ? <ProLabel /> : null}
                </span>
                <span className="text-xs text-muted">{texts.explore.costLabel(p.cost)}</span>
                <span
                  aria-hidden="true"
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full border border-border text-xs"
                >
                  {order >= 0 ? order + 1 : ''}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="flex gap-2 border-t border-border p-3">
        <Button onClick={onCancel} variant="secondary">
          {appTexts.group.cancel}
        </Button>
        <Button
          onClick={start}
          variant="primary"
          className="flex-1"
          disabled={picked.length < MIN}
          data-testid="group-start"
        >
          {appTexts.group.start(picked.length)}
        </Button>
      </div>
    </div>
  );
}
