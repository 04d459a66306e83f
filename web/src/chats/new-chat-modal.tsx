import { NEW_CHAT_TABS, type Persona } from '@neura/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PersonaDetail } from '../personas/persona-detail';
import { PersonaOption } from '../personas/persona-option';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { texts } from '../texts/texts';
import { ModalFrame } from '../ui/modal-frame';
import { startChat } from './chat-actions';

type TabId = (typeof NEW_CHAT_TABS)[number]['id'];
const TABS = NEW_CHAT_TABS.map((t) => ({ ...t, label: texts.newChat[t.id], hint: texts.newChat.hints[t.id] }));

/** Personas the New Chat list shows for a tag: published ones carrying it (SPEC.md §5). */
export function personasForTag(personas: Persona[], tag: string): Persona[] {
  return personas.filter((p) => p.published && p.tags.includes(tag));
}

/** The New Chat modal (id newchat): tabs, persona list, detail view with back, start. */
export function NewChatModal() {
  const open = useAppStore((s) => s.activeModal === 'newchat');
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const personas = usePersonas((s) => s.personas);
  const isPro = useUser(selectIsPro);
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>('helpful');
  const [selected, setSelected] = useState<Persona | null>(null);
  if (!open) return null;

  const close = () => {
    setActiveModal(null);
    setSelected(null);
  };
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  const list = personasForTag(personas, current?.tag ?? 'helpful');

  // Opens the persona's draft chat: the chat is created with the first message.
  const start = (persona: Persona) => {
    close();
    startChat(persona.id, navigate);
  };

  return (
    <ModalFrame titleId="newchat-title" modalId="newchat" onClose={close} className="flex flex-col sm:max-w-lg">
      <div className="flex items-center gap-2 border-b border-border p-3">
        {selected ? (
          <button
            type="button"
            onClick={() => setSelected(null)}
            aria-label={texts.newChat.back}
            className="flex h-9 w-9 items-center justify-center rounded-full text-2xl hover:bg-surface-3"
          >
            <span aria-hidden="true">‹</span>
          </button>
        ) : (
          <span className="w-9" aria-hidden="true" />
        )}
        <h2 id="newchat-title" className="flex-1 text-center text-lg font-semibold">
          {texts.newChat.title}
        </h2>
        <button
          type="button"
          onClick={close}
          aria-label={texts.newChat.close}
          className="flex h-9 w-9 items-center justify-center rounded-full text-xl hover:bg-surface-3"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {selected ? (
        <PersonaDetail
          persona={selected}
          locked={selected.requiresPro && !isPro}
          starting={false}
          onStart={() => start(selected)}
        />
      ) : (
        <>
          <div role="tablist" aria-label={texts.newChat.tabs} className="flex gap-1 p-3 pb-0">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`newchat-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls="newchat-panel"
                onClick={() => setTab(t.id)}
                className={`flex-1 rounded-lg px-3 py-2 text-sm font-medium ${tab === t.id ? 'bg-accent text-accent-fg' : 'bg-surface-3 text-muted hover:text-fg'}`}
              >
                {t.label}
              </button>
            ))}
            <button
              type="button"
              role="tab"
              aria-selected={false}
              aria-disabled="true"
              disabled
              className="flex flex-1 cursor-not-allowed flex-col items-center rounded-lg bg-surface-3 px-3 py-1 text-sm text-muted opacity-60"
            >
              {texts.newChat.custom}
              <span className="text-[10px] tracking-wide uppercase">{texts.newChat.comingSoon}</span>
            </button>
          </div>
          <div
            id="newchat-panel"
            role="tabpanel"
            aria-labelledby={`newchat-tab-${tab}`}
            className="min-h-0 flex-1 overflow-y-auto p-3"
          >
            <p className="mb-2 px-1 text-sm text-muted" data-testid="newchat-tab-hint">
              {current?.hint}
            </p>
            <ul className="flex flex-col gap-1">
              {list.length === 0 ? <li className="p-4 text-center text-muted">{texts.newChat.empty}</li> : null}
              {list.map((p) => (
                <PersonaOption
                  key={p.id}
                  persona={p}
                  locked={p.requiresPro && !isPro}
                  onSelect={() => setSelected(p)}
                />
              ))}
            </ul>
          </div>
        </>
      )}
    </ModalFrame>
  );
}
