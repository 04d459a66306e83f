import { useEffect, useRef, useState } from 'react';
import { PersonaIcon } from '../personas/persona-icon';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';
import { describedBy, Field, inputClass } from '../ui/field';

/**
 * Avatar: upload an image (kept until the persona is saved when it is new), or generate one with
 * the image skill, which is paid as that skill is and needs a saved persona. Errors show here.
 */
export function AvatarField({
  personaId,
  avatarUrl,
  pendingFile,
  generateCost,
  busy,
  error,
  onPick,
  onGenerate,
}: {
  personaId: string | null;
  avatarUrl: string | null;
  pendingFile: File | null;
  generateCost: number;
  busy: 'upload' | 'generate' | null;
  error?: string;
  onPick: (file: File) => void;
  onGenerate: (prompt: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [prompt, setPrompt] = useState('');
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingFile) {
      setPendingUrl(null);
      return;
    }
    const url = URL.createObjectURL(pendingFile);
    setPendingUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pendingFile]);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy('persona-avatar', true, error)}>
      <legend className="text-sm font-medium">{t.builder.avatar}</legend>
      <p id="persona-avatar-hint" className="text-xs text-muted">
        {t.builder.avatarHint}
        {personaId ? '' : ` ${t.builder.avatarNeedsSave}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <PersonaIcon
          id={personaId ?? 'preview'}
          avatarUrl={pendingUrl ?? avatarUrl}
          size={64}
          className="rounded-2xl"
        />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onPick(file);
            e.target.value = '';
          }}
        />
        <Button
          onClick={() => input.current?.click()}
          disabled={busy !== null}
          className="rounded-lg border border-border px-3 py-2 text-sm hover:bg-surface-3 disabled:opacity-50"
        >
          {busy === 'upload' ? t.builder.uploading : t.builder.upload}
        </Button>
        <Button
          onClick={() => onGenerate(prompt.trim())}
          disabled={busy !== null || !personaId}
          className="rounded-lg border border-border px-3 py-2 text-sm hover:bg-surface-3 disabled:opacity-50"
          data-testid="avatar-generate"
        >
          {busy === 'generate' ? t.builder.generating : t.builder.generate(generateCost)}
        </Button>
      </div>
      {personaId ? (
        <Field compact label={t.builder.generatePrompt}>
          {(control) => (
            <input
              {...control}
              value={prompt}
              maxLength={400}
              onChange={(e) => setPrompt(e.target.value)}
              className={`${inputClass} border-border text-sm`}
            />
          )}
        </Field>
      ) : null}
      {error ? (
        <p id="persona-avatar-error" className="text-sm text-danger" data-testid="error-persona-avatar">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
