import { type CreatorOptions, CUSTOM_PERSONA_LIMITS, type CustomPersona, type Skill } from '@neura/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { startChat } from '../chats/chat-actions';
import { customPersonasApi } from '../personas/custom-personas-api';
import { upsertMyPersona } from '../personas/queries/my-personas';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';
import { borderFor, Field, inputClass } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { AvatarField } from './avatar-field';
import { InstructionsField, ModelField, PromptsField, SkillsField, VisibilityField } from './builder-fields';
import { clearDraft, isBlank, loadDraft, saveDraft } from './draft';
import {
  emptyForm,
  errorsFromServer,
  type FieldErrors,
  type FieldName,
  type FormValues,
  fromPersona,
  previewPersona,
  toInput,
  validate,
} from './form-model';
import { KnowledgeField } from './knowledge-field';
import { PreviewPane } from './preview-pane';
import { TranslationsField } from './translations-field';

const DRAFT_DELAY_MS = 500;

/** Per-message price: the model's price plus nothing else; skills add their surcharge when used. */
function messageCost(options: CreatorOptions, model: string): number {
  const chosen = options.models.find((m) => m.id === model) ?? options.models[0];
  return chosen?.price ?? 0;
}

/**
 * The builder of `/create`: every field of a persona, a live preview, the price per message before
 * saving, draft autosave for a new persona and the server's refusals next to their field.
 */
export function PersonaBuilder({
  options,
  editing,
  owner,
  atLimit,
}: {
  options: CreatorOptions;
  editing: CustomPersona | null;
  owner: string;
  atLimit: boolean;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(() =>
    editing ? fromPersona(editing) : (loadDraft(owner) ?? emptyForm()),
  );
  const [restored] = useState(() => !editing && loadDraft(owner) !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [draftSaved, setDraftSaved] = useState(false);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [avatarBusy, setAvatarBusy] = useState<'upload' | 'generate' | null>(null);
  const [starting, setStarting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Autosave the draft of a new persona (never of an edit: that lives on the server).
  useEffect(() => {
    if (editing) return;
    setDraftSaved(false);
    const timer = window.setTimeout(() => {
      if (isBlank(values)) clearDraft();
      else setDraftSaved(saveDraft(owner, values));
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, editing, owner]);

  const set = <K extends FieldName>(field: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));
  };
  const cost = messageCost(options, values.model);
  const preview = previewPersona(values, editing, cost);

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const uploadAvatar = async (id: string, file: File): Promise<CustomPersona | null> => {
    setAvatarBusy('upload');
    try {
      const updated = await customPersonasApi.uploadAvatar(id, file);
      upsertMyPersona(updated);
      setPendingFile(null);
      return updated;
    } catch (error) {
      setErrors((e) => ({ ...e, avatar: errorMessage(error) }));
      return null;
    } finally {
      setAvatarBusy(null);
    }
  };

  const onPick = (file: File) => {
    setErrors((e) => ({ ...e, avatar: undefined }));
    if (editing)
      void uploadAvatar(editing.id, file).then(
        (ok) => ok && showToast({ severity: 'success', message: t.builder.avatarUpdated }),
      );
    else setPendingFile(file);
  };

  const onGenerate = async (prompt: string) => {
    if (!editing) return;
    setAvatarBusy('generate');
    setErrors((e) => ({ ...e, avatar: undefined }));
    try {
      upsertMyPersona(await customPersonasApi.generateAvatar(editing.id, prompt || undefined));
      showToast({ severity: 'success', message: t.builder.avatarUpdated });
    } catch (error) {
      setErrors((e) => ({ ...e, avatar: errorMessage(error) }));
    } finally {
      setAvatarBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, options.instructionsMax);
    if (Object.keys(found).length > 0) {
      setErrors({ ...found, form: t.builder.fixErrors });
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const input = toInput({ ...values, model: values.model || options.models[0]?.id || '' });
      const saved = editing ? await customPersonasApi.update(editing.id, input) : await customPersonasApi.create(input);
      upsertMyPersona(saved);
      if (!editing) {
        clearDraft();
        if (pendingFile) await uploadAvatar(saved.id, pendingFile);
        navigate(`/create?edit=${encodeURIComponent(saved.id)}`, { replace: true });
      }
      showToast({ severity: 'success', message: editing ? t.builder.saved : t.builder.created });
    } catch (error) {
      setErrors(errorsFromServer(error, t.builder.fixErrors));
      focusFirstError();
    } finally {
      setSaving(false);
    }
  };

  const onTry = async () => {
    if (!editing) return;
    setStarting(true);
    await startChat(editing.id, navigate);
    setStarting(false);
  };

  const e = errors;
  const blocked = !editing && atLimit;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
      <form
        ref={formRef}
        onSubmit={(ev) => void onSubmit(ev)}
        noValidate
        className="flex flex-col gap-5"
        data-testid="persona-form"
      >
        {!editing ? (
          <p className="text-sm text-muted" aria-live="polite" data-testid="draft-status">
            {draftSaved ? t.builder.draftSaved : restored ? t.builder.draftRestored : '\u00a0'}
          </p>
        ) : null}
        {e.form ? (
          <p
            role="alert"
            className="rounded-xl border border-danger px-3 py-2 text-sm text-danger"
            data-testid="form-error"
          >
            {e.form}
          </p>
        ) : null}
        <Field id="persona-name" label={t.builder.name} error={e.name}>
          {(control) => (
            <input
              {...control}
              value={values.name}
              maxLength={CUSTOM_PERSONA_LIMITS.name}
              onChange={(ev) => set('name', ev.target.value)}
              placeholder={t.builder.namePlaceholder}
              className={`${inputClass} ${borderFor(e.name)}`}
              autoComplete="off"
            />
          )}
        </Field>
        <AvatarField
          personaId={editing?.id ?? null}
          avatarUrl={editing?.avatarUrl ?? null}
          pendingFile={pendingFile}
          generateCost={options.avatarGenerateCost}
          busy={avatarBusy}
          error={e.avatar}
          onPick={onPick}
          onGenerate={(prompt) => void onGenerate(prompt)}
        />
        <Field id="persona-tagline" label={t.builder.tagline} error={e.tagline}>
          {(control) => (
            <input
              {...control}
              value={values.tagline}
              maxLength={CUSTOM_PERSONA_LIMITS.tagline}
              onChange={(ev) => set('tagline', ev.target.value)}
              placeholder={t.builder.taglinePlaceholder}
              className={`${inputClass} ${borderFor(e.tagline)}`}
            />
          )}
        </Field>
        <Field id="persona-description" label={t.builder.description} error={e.description}>
          {(control) => (
            <textarea
              {...control}
              value={values.description}
              rows={3}
              maxLength={CUSTOM_PERSONA_LIMITS.description}
              onChange={(ev) => set('description', ev.target.value)}
              placeholder={t.builder.descriptionPlaceholder}
              className={`${inputClass} ${borderFor(e.description)} resize-y`}
            />
          )}
        </Field>
        <InstructionsField
          value={values.instructions}
          max={options.instructionsMax}
          error={e.instructions}
          onChange={(v) => set('instructions', v)}
        />
        <Field id="persona-greeting" label={t.builder.greeting} hint={t.builder.greetingHint} error={e.greeting}>
          {(control) => (
            <textarea
              {...control}
              value={values.greeting}
              rows={3}
              maxLength={CUSTOM_PERSONA_LIMITS.greeting}
              onChange={(ev) => set('greeting', ev.target.value)}
              className={`${inputClass} ${borderFor(e.greeting)} resize-y`}
            />
          )}
        </Field>
        <PromptsField prompts={values.prompts} error={e.prompts} onChange={(p) => set('prompts', p)} />
        <TranslationsField value={values.translations} errors={e} onChange={(v) => set('translations', v)} />
        <KnowledgeField value={values.knowledge} error={e.knowledge} onChange={(k) => set('knowledge', k)} />
        <SkillsField
          options={options.skills}
          value={values.skills}
          error={e.skills}
          onChange={(s: Skill[]) => set('skills', s)}
        />
        <ModelField models={options.models} value={values.model} error={e.model} onChange={(m) => set('model', m)} />
        <VisibilityField value={values.visibility} error={e.visibility} onChange={(v) => set('visibility', v)} />
        {editing?.visibility === 'public' && editing.reviewState ? (
          <p className="text-sm" data-testid="builder-review-state">
            {t.builder.reviewState(t.mine.review[editing.reviewState])}
          </p>
        ) : null}
        <div className="-mx-1 flex flex-col gap-2 border-t border-border bg-surface px-1 py-3 sm:flex-row sm:items-center sm:justify-between lg:sticky lg:bottom-0">
          {options.models.length === 0 ? (
            <p className="text-sm text-muted" data-testid="persona-price">
              {t.builder.costNoModel}
            </p>
          ) : (
            <p className="text-sm" data-testid="persona-price">
              <strong>{t.builder.cost(cost)}</strong>
              {values.skills.length > 0 ? <span className="text-muted">, {t.builder.costSkills}</span> : '.'}
            </p>
          )}
          {blocked ? (
            <p className="text-sm text-warning" role="status">
              {t.builder.limitReached(options.personasMax)}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={saving || blocked}
            aria-busy={saving || undefined}
            variant="primary"
            size="lg"
            data-testid="persona-save"
          >
            {saving ? t.builder.saving : editing ? t.builder.save : t.builder.create}
          </Button>
        </div>
      </form>
      <div className="lg:sticky lg:top-4">
        <PreviewPane persona={preview} saved={Boolean(editing)} starting={starting} onTry={() => void onTry()} />
      </div>
    </div>
  );
}
