import { MEMORY_ABOUT_MAX, MEMORY_ITEM_MAX, type Memory, type MemoryItem } from '@neura/contract';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { errorMessage } from '../api/app-error';
import {
  addMemoryItem,
  deleteMemoryItem,
  editMemoryItem,
  fetchMemory,
  forgetEverything,
  updateMemory,
} from '../api/memory';
import { useSessionEvent } from '../api/use-session-event';
import { memoryTexts as t } from '../texts/memory';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field, inputClass } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { MemoryItemRow } from './memory-item-row';
import { SettingsSection } from './settings-row';
import { ToggleRow } from './toggle-row';

const fail = (error: unknown): void => {
  showToast({ severity: 'error', message: errorMessage(error) });
};

function Skeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-6" role="status" aria-busy="true" aria-label={t.loading}>
      {[1, 2, 3].map((n) => (
        <div key={n} className="h-24 rounded-xl bg-surface-3" />
      ))}
    </div>
  );
}

function AboutMe({ about, onSave }: { about: string; onSave: (about: string) => Promise<void> }) {
  const id = useId();
  const [draft, setDraft] = useState(about);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(about), [about]);
  const over = draft.length > MEMORY_ABOUT_MAX;
  return (
    <form
      className="flex flex-col gap-2 px-4 py-3"
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        void onSave(draft.trim()).finally(() => setSaving(false));
      }}
    >
      <Field
        id={id}
        label={t.aboutLabel}
        counter={
          <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? 'text-danger' : 'text-muted'}`}>
            {t.aboutCount(draft.length, MEMORY_ABOUT_MAX)}
          </span>
        }
      >
        <textarea
          id={id}
          value={draft}
          rows={4}
          placeholder={t.aboutPlaceholder}
          aria-describedby={`${id}-count`}
          aria-invalid={over || undefined}
          onChange={(e) => setDraft(e.target.value)}
          className={`${inputClass} resize-y ${over ? 'border-danger' : 'border-border'}`}
          data-testid="memory-about"
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" busy={saving} disabled={over || draft === about}>
          {saving ? t.savingAbout : t.saveAbout}
        </Button>
      </div>
    </form>
  );
}

function AddItem({ onAdd }: { onAdd: (text: string) => Promise<boolean> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    if (await onAdd(text.trim())) setText('');
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex gap-2 border-b border-border px-4 py-3">
      <label htmlFor={id} className="sr-only">
        {t.addLabel}
      </label>
      <input
        id={id}
        value={text}
        maxLength={MEMORY_ITEM_MAX}
        placeholder={t.addPlaceholder}
        onChange={(e) => setText(e.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2"
        data-testid="memory-add-input"
      />
      <Button type="submit" variant="primary" className="shrink-0" disabled={busy || !text.trim()}>
        {t.add}
      </Button>
    </form>
  );
}

/** `/settings/memory`: the switch, "about me", every remembered item (add, edit, pin, delete), forget everything. */
export default function MemoryPage() {
  const [memory, setMemory] = useState<Memory | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(() => {
    fetchMemory().then(
      (m) => {
        setMemory(m);
        setLoadError(null);
      },
      (error) => setLoadError(errorMessage(error, t.loadFailed)),
    );
  }, []);
  useEffect(load, [load]);
  // Another device (or the model in a chat) changed it: read it again.
  useSessionEvent('memory.changed', load);

  const replaceItem = (item: MemoryItem) =>
    setMemory((m) => (m ? { ...m, items: m.items.map((i) => (i.id === item.id ? item : i)) } : m));

  if (loadError && !memory) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-start gap-3 p-4">
        <p className="text-danger">{loadError}</p>
        <Button variant="secondary" onClick={load}>
          {t.retry}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4" data-testid="memory-page">
      <h2 className="sr-only">{t.title}</h2>
      <p className="text-muted">{t.intro}</p>
      {!memory ? (
        <Skeleton />
      ) : (
        <>
          <SettingsSection title={t.title}>
            <ToggleRow
              label={t.enabled}
              hint={t.enabledHint}
              checked={memory.enabled}
              testId="memory-enabled"
              onChange={(enabled) => {
                setMemory({ ...memory, enabled });
                updateMemory({ enabled }).then(setMemory, (error) => {
                  fail(error);
                  load();
                });
              }}
            />
          </SettingsSection>

          <SettingsSection title={t.aboutHeading}>
            <AboutMe
              about={memory.about}
              onSave={(about) =>
                updateMemory({ about }).then((m) => {
                  setMemory(m);
                  showToast({ severity: 'success', message: t.aboutSaved });
                }, fail)
              }
            />
          </SettingsSection>

          <SettingsSection title={t.itemsHeading}>
            <AddItem
              onAdd={(text) =>
                addMemoryItem({ text }).then(
                  (item) => {
                    setMemory((m) => (m ? { ...m, items: [item, ...m.items.filter((i) => i.id !== item.id)] } : m));
                    return true;
                  },
                  (error) => {
                    fail(error);
                    return false;
                  },
                )
              }
            />
            {memory.items.length === 0 ? (
              <p className="px-4 py-3 text-sm text-muted">{t.empty}</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="memory-items">
                {memory.items.map((item) => (
                  <MemoryItemRow
                    key={item.id}
                    item={item}
                    onPin={(pinned) => editMemoryItem(item.id, { pinned }).then(replaceItem, fail)}
                    onEdit={(text) =>
                      editMemoryItem(item.id, { text }).then(
                        (next) => {
                          replaceItem(next);
                          return true;
                        },
                        (error) => {
                          fail(error);
                          return false;
                        },
                      )
                    }
                    onDelete={() =>
                      deleteMemoryItem(item.id).then(() => {
                        setMemory((m) => (m ? { ...m, items: m.items.filter((i) => i.id !== item.id) } : m));
                        showToast({ severity: 'success', message: t.deleted });
                      }, fail)
                    }
                  />
                ))}
              </ul>
            )}
          </SettingsSection>

          <Button
            variant="secondary"
            size="lg"
            className="text-danger"
            disabled={memory.items.length === 0}
            onClick={() => setConfirming(true)}
          >
            {t.forgetAll}
          </Button>
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t.forgetAllTitle}
          body={t.forgetAllBody}
          confirm={t.forgetAllConfirm}
          cancel={t.cancel}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            void forgetEverything().then(() => {
              setMemory((m) => (m ? { ...m, items: [] } : m));
              showToast({ severity: 'success', message: t.forgotAll });
            }, fail)
          }
        />
      ) : null}
    </div>
  );
}
