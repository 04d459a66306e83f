import { EXPLORE_CAROUSELS } from '@neura/contract';
import { useState } from 'react';
import { localTexts } from '../i18n/local-texts';
import { adminTexts as t } from '../texts/admin';
import { personaTranslationTexts } from '../texts/persona-translations';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { type AdminPersona, adminApi } from './admin-api';
import { act, inputClass } from './kit';
import { PersonaAvatarField } from './persona-avatar-field';

export type Draft = Omit<AdminPersona, 'sortOrder'>;

export const EMPTY: Draft = {
  id: '',
  icon: '✨',
  name: '',
  description: '',
  cost: 1,
  tags: [],
  published: false,
  requiresPro: false,
  includedSkills: [],
  greeting: '',
  tagline: '',
  suggestedPrompts: [],
  systemPrompt: '',
  model: '',
};

const MAX_PROMPTS = 4;

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The console's persona form (create and edit), with its avatar and translations. */
export function PersonaForm({
  initial,
  isNew,
  onDone,
  onAvatarChanged,
}: {
  initial: Draft;
  isNew: boolean;
  onDone: (saved: boolean) => void;
  onAvatarChanged: () => void;
}) {
  const [d, setD] = useState<Draft>(initial);
  // Four boxes for the suggested prompts; the empty ones are dropped when saving.
  const [prompts, setPrompts] = useState<string[]>(() =>
    Array.from({ length: MAX_PROMPTS }, (_, i) => initial.suggestedPrompts?.[i] ?? ''),
  );
  // The comma lists are edited as text (so a trailing comma can be typed) and parsed as they change.
  const [tagsText, setTagsText] = useState(initial.tags.join(', '));
  const [skillsText, setSkillsText] = useState(initial.includedSkills.join(', '));
  // Issue #43: the name, description and greeting per locale, edited as JSON (the server validates it).
  const [translationsText, setTranslationsText] = useState(() =>
    initial.translations ? JSON.stringify(initial.translations, null, 2) : '',
  );
  const tt = localTexts(personaTranslationTexts);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));
  const field = (key: 'id' | 'icon' | 'name' | 'description' | 'greeting' | 'tagline' | 'model', label: string) => (
    <Field compact label={label}>
      {(control) => (
        <input
          {...control}
          className={inputClass}
          value={(d[key] as string | null | undefined) ?? ''}
          disabled={key === 'id' && !isNew}
          required={key === 'id' || key === 'name'}
          maxLength={key === 'tagline' ? 120 : undefined}
          onChange={(e) => set(key, e.target.value)}
          data-testid={`persona-${key}`}
        />
      )}
    </Field>
  );
  return (
    <form
      className="grid grid-cols-1 gap-3 p-3 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const { avatarUrl: _avatar, ...rest } = d;
        let translations: Draft['translations'];
        try {
          translations = translationsText.trim() ? JSON.parse(translationsText) : undefined;
        } catch {
          showToast({ severity: 'error', message: tt.invalid });
          return;
        }
        const body: Draft = {
          translations,
          ...rest,
          model: d.model?.trim() ? d.model.trim() : null,
          greeting: d.greeting?.trim() || null,
          tagline: d.tagline?.trim() || null,
          suggestedPrompts: prompts.map((p) => p.trim()).filter(Boolean),
        };
        void act(
          () => (isNew ? adminApi.createPersona(body) : adminApi.savePersona(body)),
          () => onDone(true),
        );
      }}
      data-testid="persona-form"
    >
      {isNew ? (
        <p className="text-xs text-muted md:col-span-2">{t.personas.avatarSaveFirst}</p>
      ) : (
        <PersonaAvatarField id={d.id} name={d.name} hasAvatar={Boolean(d.avatarUrl)} onChanged={onAvatarChanged} />
      )}
      {field('id', t.personas.id)}
      {field('icon', t.personas.icon)}
      {field('name', t.personas.name)}
      <Field compact label={t.personas.cost}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            type="number"
            min={0}
            max={1000}
            value={d.cost}
            onChange={(e) => set('cost', Number(e.target.value))}
            data-testid="persona-cost"
          />
        )}
      </Field>
      {field('tagline', t.personas.tagline)}
      {field('description', t.personas.description)}
      {field('greeting', t.personas.greeting)}
      <Field compact label={tt.label} className="md:col-span-2">
        {(control) => (
          <textarea
            {...control}
            className={`${inputClass} font-mono`}
            rows={3}
            dir="ltr"
            value={translationsText}
            placeholder={tt.hint}
            onChange={(e) => setTranslationsText(e.target.value)}
            data-testid="persona-translations"
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="mb-1 text-xs">{t.personas.prompts}</legend>
        <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {prompts.map((prompt, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: four fixed boxes.
              key={i}
              className={inputClass}
              value={prompt}
              maxLength={200}
              aria-label={t.personas.prompt(i + 1)}
              onChange={(e) => setPrompts((list) => list.map((p, j) => (j === i ? e.target.value : p)))}
              data-testid={`persona-prompt-${i + 1}`}
            />
          ))}
        </div>
      </fieldset>
      <Field
        compact
        label={t.personas.tags}
        hint={t.personas.carousels(EXPLORE_CAROUSELS.map((c) => c.tag).join(', '))}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={tagsText}
            onChange={(e) => {
              setTagsText(e.target.value);
              set('tags', list(e.target.value));
            }}
            data-testid="persona-tags"
          />
        )}
      </Field>
      <Field compact label={t.personas.skills}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={skillsText}
            onChange={(e) => {
              setSkillsText(e.target.value);
              set('includedSkills', list(e.target.value));
            }}
          />
        )}
      </Field>
      {field('model', t.personas.model)}
      <Field label={t.personas.requiresPro} layout="check" className="text-sm">
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={d.requiresPro}
            onChange={(e) => set('requiresPro', e.target.checked)}
          />
        )}
      </Field>
      <Field compact label={t.personas.systemPrompt} className="md:col-span-2">
        {(control) => (
          <textarea
            {...control}
            className={`${inputClass} min-h-32`}
            value={d.systemPrompt}
            required
            onChange={(e) => set('systemPrompt', e.target.value)}
            data-testid="persona-systemPrompt"
          />
        )}
      </Field>
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" variant="secondary" size="sm">
          {t.personas.save}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(false)}>
          {t.personas.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The catalog: every persona (published or not), edit, publish, order. */
