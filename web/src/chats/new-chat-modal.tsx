import { NEW_CHAT_TABS, type Persona } from '@neura/contract';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { PersonaDetail } from '../personas/persona-detail';
import { PersonaOption } from '../personas/persona-option';
import { useMyPersonas } from '../personas/queries/my-personas';
import { ReportButton } from '../personas/report-button';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { creatorTexts } from '../texts/creator';
import { Button } from '../ui/button';
import { ModalFrame } from '../ui/modal-frame';
import { startChat } from './chat-actions';
import { TemporaryToggle } from './temporary-toggle';

/** New Chat's group mode (issue #46): its own chunk, loaded when chosen. */
const GroupPicker = lazy(() => import('./group-picker').then((m) => ({ default: m.GroupPicker })));

type TabId = (typeof NEW_CHAT_TABS)[number]['id'] | 'custom';
/** Built when rendered: the labels in the active language. */
const tabs = (): { id: TabId; tag: string | null; label: string; hint: string }[] => [
  ...NEW_CHAT_TABS.map((t) => ({ ...t, label: appTexts.newChat[t.id], hint: appTexts.newChat.hints[t.id] })),
  /** People's own personas (issue #29): the user's, then the published ones of others. */
  { id: 'custom', tag: null, label: appTexts.newChat.custom, hint: creatorTexts.newChat.hint },
];

/** Personas the New Chat list shows for a tag: published ones carrying it (SPEC.md §5). */
export function personasForTag(personas: Persona[], tag: string): Persona[] {
  return personas.filter((p) => p.published && p.tags.includes(tag));
}

/** Published personas made by people (they carry no catalog tag). */
export function communityPersonas(personas: Persona[]): Persona[] {
  return personas.filter((p) => p.published && p.custom);
}

/** The Custom tab: the user's own personas, then the community's; a way to create one when empty. */
function CustomList({
  mine,
  community,
  loading,
  onSelect,
  onCreate,
}: {
  mine: Persona[];
  community: Persona[];
  loading: boolean;
  onSelect: (persona: Persona) => void;
  onCreate: () => void;
}) {
  if (loading && community.length === 0) {
    return (
      <p role="status" className="p-4 text-center text-muted">
        {appTexts.common.loading}
      </p>
    );
  }
  if (mine.length === 0 && community.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-4 text-center">
        <p className="text-muted">{creatorTexts.newChat.none}</p>
        <Button onClick={onCreate} variant="primary">
          {creatorTexts.newChat.create}
        </Button>
      </div>
    );
  }
  const group = (title: string, items: Persona[], testId: string) =>
    items.length > 0 ? (
      <section aria-label={title} data-testid={testId}>
        <h3 className="px-1 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
        <ul className="flex flex-col gap-1">
          {items.map((p) => (
            <PersonaOption key={p.id} persona={p} locked={false} onSelect={() => onSelect(p)} />
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <>
      {group(creatorTexts.newChat.mine, mine, 'newchat-mine')}
      {group(creatorTexts.newChat.community, community, 'newchat-community')}
    </>
  );
}

/**
 * The New Chat modal (id newchat): tabs, persona list, detail view with back, start. Closed, it is
 * only its tab (kept from one opening to the next): the personas, the user and the query of the
 * user's own personas are read while it is open, so their changes do not render a closed modal.
 */
export function NewChatModal() {
  const open = useAppStore((s) => s.activeModal === 'newchat');
  const [tab, setTab] = useState<TabId>('helpful');
  return open ? <OpenNewChatModal tab={tab} setTab={setTab} /> : null;
}

function OpenNewChatModal({ tab, setTab }: { tab: TabId; setTab: (tab: TabId) => void }) {
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const personas = usePersonas((s) => s.personas);
  const isPro = useUser(selectIsPro);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Persona | null>(null);
  const [temporary, setTemporary] = useState(false);
  // Group mode (issue #46): several personas picked for one chat.
  const [grouping, setGrouping] = useState(false);
  const mineList = useMyPersonas({ enabled: tab === 'custom' }).data;
  const mine = mineList?.items ?? [];
  const mineLoaded = mineList !== undefined;

  const close = () => setActiveModal(null);
  const allTabs = tabs();
  const current = allTabs.find((t) => t.id === tab) ?? allTabs[0];
  const list = current?.tag ? personasForTag(personas, current.tag) : [];
  const community = communityPersonas(personas).filter((p) => !mine.some((m) => m.id === p.id));

  // Opens the persona's draft chat: the chat is created with the first message.
  const start = (persona: Persona) => {
    const asTemporary = temporary;
    close();
    startChat(persona.id, navigate, asTemporary);
  };

  return (
    <ModalFrame titleId="newchat-title" modalId="newchat" onClose={close} className="flex flex-col sm:max-w-lg">
      <div className="flex items-center gap-2 border-b border-border p-3">
        {selected ? (
          <Button
            onClick={() => setSelected(null)}
            aria-label={appTexts.newChat.back}
            className="flex h-9 w-9 items-center justify-center rounded-full text-2xl hover:bg-surface-3"
          >
            <span aria-hidden="true">‹</span>
          </Button>
        ) : (
          <span className="w-9" aria-hidden="true" />
        )}
        <h2 id="newchat-title" className="flex-1 text-center text-lg font-semibold">
          {appTexts.newChat.title}
        </h2>
        <Button
          onClick={close}
          aria-label={appTexts.newChat.close}
          className="flex h-9 w-9 items-center justify-center rounded-full text-xl hover:bg-surface-3"
        >
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      {grouping ? null : <TemporaryToggle checked={temporary} onChange={setTemporary} />}
      {grouping ? (
        <Suspense fallback={null}>
          <GroupPicker onClose={close} onCancel={() => setGrouping(false)} />
        </Suspense>
      ) : selected ? (
        <PersonaDetail
          persona={selected}
          locked={selected.requiresPro && !isPro}
          starting={false}
          onStart={() => start(selected)}
          footer={<ReportButton persona={selected} />}
        />
      ) : (
        <>
          <div role="tablist" aria-label={appTexts.newChat.tabs} className="flex gap-1 p-3 pb-0">
            {allTabs.map((t) => (
              <Button
                key={t.id}
                role="tab"
                id={`newchat-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls="newchat-panel"
                onClick={() => setTab(t.id)}
                className={`flex-1 rounded-lg px-3 py-2 text-sm font-medium ${tab === t.id ? 'bg-accent text-accent-fg' : 'bg-surface-3 text-muted hover:text-fg'}`}
              >
                {t.label}
              </Button>
            ))}
          </div>
          <div
            id="newchat-panel"
            role="tabpanel"
            aria-labelledby={`newchat-tab-${tab}`}
            className="min-h-0 flex-1 overflow-y-auto p-3"
          >
            <Button
              onClick={() => setGrouping(true)}
              data-testid="newchat-group"
              className="mb-2 flex w-full items-center gap-2 rounded-xl border border-dashed border-border p-2 text-start text-sm font-medium hover:bg-surface-3"
            >
              <span aria-hidden="true">👥</span>
              {appTexts.group.newGroup}
            </Button>
            <p className="mb-2 px-1 text-sm text-muted" data-testid="newchat-tab-hint">
              {current?.hint}
            </p>
            {tab === 'custom' ? (
              <CustomList
                mine={mine}
                community={community}
                loading={!mineLoaded}
                onSelect={setSelected}
                onCreate={() => {
                  close();
                  navigate('/create');
                }}
              />
            ) : (
              <ul className="flex flex-col gap-1">
                {list.length === 0 ? <li className="p-4 text-center text-muted">{appTexts.newChat.empty}</li> : null}
                {list.map((p) => (
                  <PersonaOption
                    key={p.id}
                    persona={p}
                    locked={p.requiresPro && !isPro}
                    onSelect={() => setSelected(p)}
                  />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </ModalFrame>
  );
}
