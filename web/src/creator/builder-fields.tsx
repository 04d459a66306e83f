import {
  type CreatorOptions,
  CUSTOM_PERSONA_LIMITS,
  PERSONA_VISIBILITIES,
  type PersonaVisibility,
  type Skill,
} from '@neura/contract';
import { creatorTexts as t } from '../texts/creator';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { borderFor, Choice, describedBy, Field, inputClass } from '../ui/field';

/** Instructions: a live count against the operator's limit, red (and said in words) once over it. */
export function InstructionsField({
  value,
  max,
  error,
  onChange,
}: {
  value: string;
  max: number;
  error?: string;
  onChange: (value: string) => void;
}) {
  const used = value.trim().length;
  const over = used > max;
  return (
    <Field
      id="persona-instructions"
      label={t.builder.instructions}
      hint={t.builder.instructionsHint}
      error={error}
      counter={
        <span
          className={`text-xs tabular-nums ${over ? 'font-semibold text-danger' : 'text-muted'}`}
          data-testid="instructions-count"
          data-over={over || undefined}
          aria-live="polite"
        >
          {t.builder.count(used, max)}
        </span>
      }
    >
      <textarea
        id="persona-instructions"
        value={value}
        rows={8}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t.builder.instructionsPlaceholder}
        aria-invalid={over || Boolean(error) || undefined}
        aria-describedby={describedBy('persona-instructions', true, error)}
        className={`${inputClass} ${borderFor(over ? 'over' : error)} min-h-40 resize-y font-mono text-sm`}
      />
    </Field>
  );
}

/** Up to 4 suggested first messages. */
export function PromptsField({
  prompts,
  error,
  onChange,
}: {
  prompts: string[];
  error?: string;
  onChange: (prompts: string[]) => void;
}) {
  const set = (i: number, value: string) => onChange(prompts.map((p, j) => (j === i ? value : p)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="persona-prompts-hint">
      <legend className="text-sm font-medium">{t.builder.prompts}</legend>
      <p id="persona-prompts-hint" className="text-xs text-muted">
        {t.builder.promptsHint}
      </p>
      {prompts.map((prompt, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions; their text is what changes
        <div key={i} className="flex gap-2">
          <input
            value={prompt}
            maxLength={CUSTOM_PERSONA_LIMITS.prompt}
            onChange={(e) => set(i, e.target.value)}
            aria-label={t.builder.prompt(i + 1)}
            className={`${inputClass} ${borderFor(error)}`}
            data-testid="persona-prompt"
          />
          {prompts.length > 1 ? (
            <Button
              onClick={() => onChange(prompts.filter((_, j) => j !== i))}
              aria-label={t.builder.removePrompt(i + 1)}
              className="shrink-0 rounded-xl border border-border px-3 text-xl hover:bg-surface-3"
            >
              <span aria-hidden="true">×</span>
            </Button>
          ) : null}
        </div>
      ))}
      {prompts.length < CUSTOM_PERSONA_LIMITS.prompts ? (
        <Button
          onClick={() => onChange([...prompts, ''])}
          className="self-start rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-surface-3"
        >
          {t.builder.addPrompt}
        </Button>
      ) : null}
      {error ? (
        <p className="text-sm text-danger" data-testid="error-persona-prompts">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Skills the server offers; those it cannot run are disabled with the reason in words. */
export function SkillsField({
  options,
  value,
  error,
  onChange,
}: {
  options: CreatorOptions['skills'];
  value: Skill[];
  error?: string;
  onChange: (skills: Skill[]) => void;
}) {
  const toggle = (skill: Skill, on: boolean) =>
    onChange(on ? [...value.filter((s) => s !== skill), skill] : value.filter((s) => s !== skill));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="persona-skills-hint">
      <legend className="text-sm font-medium">{t.builder.skills}</legend>
      <p id="persona-skills-hint" className="text-xs text-muted">
        {t.builder.skillsHint}
      </p>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {options.map(({ skill, available, surcharge }) => {
          const id = `persona-skill-${skill}`;
          const note = available
            ? surcharge > 0
              ? t.builder.skillSurcharge(surcharge)
              : ''
            : t.builder.skillUnavailable;
          return (
            <li key={skill}>
              <Choice
                id={id}
                label={texts.explore.skills[skill] ?? skill}
                hint={note || undefined}
                className={`flex items-start gap-2 rounded-xl border border-border p-2 text-sm ${available ? 'cursor-pointer hover:bg-surface-3' : 'cursor-not-allowed text-muted'}`}
              >
                {(control) => (
                  <input
                    {...control}
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 accent-accent"
                    checked={value.includes(skill)}
                    disabled={!available}
                    onChange={(e) => toggle(skill, e.target.checked)}
                  />
                )}
              </Choice>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="text-sm text-danger" data-testid="error-persona-skills">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The operator's allowed models, each with what a message costs on it. */
export function ModelField({
  models,
  value,
  error,
  onChange,
}: {
  models: CreatorOptions['models'];
  value: string;
  error?: string;
  onChange: (model: string) => void;
}) {
  if (models.length === 0) {
    // No model on this server yet: nothing to choose (a select with no options would be a dead control).
    return (
      <div className="flex flex-col gap-1.5" data-field="persona-model">
        <span className="text-sm font-medium">{t.builder.model}</span>
        <p className="text-sm text-muted" data-testid="persona-model-none">
          {t.builder.noModels}
        </p>
        {error ? (
          <p className="text-sm text-danger" data-testid="error-persona-model">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Field id="persona-model" label={t.builder.model} error={error}>
      <select
        id="persona-model"
        value={value || models[0]?.id || ''}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy('persona-model', false, error)}
        className={`${inputClass} ${borderFor(error)}`}
      >
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {t.builder.modelPrice(m.label, m.price)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Private / unlisted / public, each with its one-line explanation. */
export function VisibilityField({
  value,
  error,
  onChange,
}: {
  value: PersonaVisibility;
  error?: string;
  onChange: (visibility: PersonaVisibility) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t.builder.visibility}</legend>
      {PERSONA_VISIBILITIES.slice()
        .reverse()
        .map((v) => {
          const id = `persona-visibility-${v}`;
          return (
            <Choice
              key={v}
              id={id}
              label={t.builder.visibilities[v].label}
              hint={t.builder.visibilities[v].explain}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm hover:bg-surface-3 ${value === v ? 'border-accent' : 'border-border'}`}
              labelClassName="font-medium"
              hintClassName="text-muted"
            >
              {(control) => (
                <input
                  {...control}
                  type="radio"
                  name="persona-visibility"
                  value={v}
                  checked={value === v}
                  onChange={() => onChange(v)}
                  className="mt-0.5 h-4 w-4 accent-accent"
                />
              )}
            </Choice>
          );
        })}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  );
}
