import { useState } from 'react';
import { PersonaIcon } from '../personas/persona-icon';
import { adminTexts as t } from '../texts/admin';
import { Button } from '../ui/button';
import { adminApi } from './admin-api';
import { act, Loading, Section, Table } from './kit';
import { type Draft, EMPTY, PersonaForm } from './persona-form';
import { invalidatePersonas, usePersonaList } from './queries/personas';

export function PersonasSection() {
  const { data, error, refetch } = usePersonaList();
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean } | null>(null);
  if (!data) return <Loading error={error} retry={refetch} />;
  const ids = data.items.map((p) => p.id);
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id as string);
    void act(() => adminApi.reorder(next), invalidatePersonas);
  };
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button variant="secondary" size="sm" onClick={() => setEditing({ draft: EMPTY, isNew: true })}>
          {t.personas.create}
        </Button>
      </div>
      {editing ? (
        <div className="rounded-xl border border-border bg-surface-2">
          <PersonaForm
            key={editing.draft.id || 'new'}
            initial={editing.draft}
            isNew={editing.isNew}
            onAvatarChanged={invalidatePersonas}
            onDone={(saved) => {
              setEditing(null);
              if (saved) void invalidatePersonas();
            }}
          />
        </div>
      ) : null}
      <Section title={t.tabs.personas}>
        <Table
          head={[t.personas.name, t.personas.cost, t.personas.published, '']}
          rows={data.items.map((p, i) => [
            <span key="n" className="inline-flex items-center gap-2">
              <PersonaIcon id={p.id} avatarUrl={p.avatarUrl} size={24} className="rounded-md" />
              <span>
                {p.name} <span className="text-xs text-muted">{p.id}</span>
              </span>
            </span>,
            p.cost,
            p.published ? t.personas.published : t.personas.draft,
            <div key="a" className="flex flex-wrap gap-1">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${t.personas.edit} ${p.name}`}
                onClick={() => {
                  const { sortOrder: _order, ...draft } = p;
                  setEditing({ draft, isNew: false });
                }}
              >
                {t.personas.edit}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${p.published ? t.personas.unpublish : t.personas.publish} ${p.name}`}
                onClick={() => void act(() => adminApi.publish(p.id, !p.published), invalidatePersonas)}
              >
                {p.published ? t.personas.unpublish : t.personas.publish}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={i === 0}
                aria-label={`${t.personas.up} ${p.name}`}
                onClick={() => move(i, -1)}
              >
                ↑
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={i === data.items.length - 1}
                aria-label={`${t.personas.down} ${p.name}`}
                onClick={() => move(i, 1)}
              >
                ↓
              </Button>
            </div>,
          ])}
        />
      </Section>
    </div>
  );
}
