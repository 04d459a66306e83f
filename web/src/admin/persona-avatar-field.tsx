import { useEffect, useId, useRef, useState } from 'react';
import { personaIconUrl } from '../personas/persona-images';
import { adminTexts as t } from '../texts/admin';
import { Button, buttonClass } from '../ui/button';
import { adminApi } from './admin-api';
import { act } from './kit';
import { usePersonaAvatar } from './queries/personas';

/**
 * The persona's avatar in the editor: a preview (the uploaded picture, read through the console's
 * own route so unpublished personas show theirs too; else the generated art), upload on choosing
 * a file, and removal. Each change is saved at once (the server checks and normalises the picture).
 */
export function PersonaAvatarField({
  id,
  name,
  hasAvatar,
  onChanged,
}: {
  id: string;
  name: string;
  hasAvatar: boolean;
  onChanged: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState(hasAvatar);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stored = usePersonaAvatar(id, uploaded);
  const blob = uploaded ? stored.data : undefined;

  // The preview follows the stored avatar; its object URL lives as long as the bytes it shows.
  useEffect(() => {
    if (!blob) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  const upload = async (file: File) => {
    setBusy(true);
    const ok = await act(() => adminApi.uploadAvatar(id, file), onChanged, t.personas.avatarUploaded);
    setBusy(false);
    if (input.current) input.current.value = '';
    if (ok) setUploaded(true);
  };

  const remove = async () => {
    setBusy(true);
    const ok = await act(() => adminApi.removeAvatar(id), onChanged, t.personas.avatarRemoved);
    setBusy(false);
    if (ok) setUploaded(false);
  };

  return (
    <fieldset className="flex flex-col gap-2 md:col-span-2" data-testid="persona-avatar-field">
      <legend className="mb-1 text-xs">{t.personas.avatar}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <img
          src={preview ?? personaIconUrl(id)}
          alt={t.personas.avatarAlt(name || id)}
          width={64}
          height={64}
          className="h-16 w-16 shrink-0 rounded-xl bg-surface-3 object-cover"
          data-testid={preview ? 'persona-avatar-preview' : 'persona-avatar-generated'}
          // An unpublished persona's generated art is not served: leave the empty tile.
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden';
          }}
          onLoad={(e) => {
            e.currentTarget.style.visibility = 'visible';
          }}
        />
        <div className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className={buttonClass('secondary', 'sm', 'cursor-pointer focus-within:outline-2')}>
            {uploaded ? t.personas.avatarReplace : t.personas.avatarChoose}
            <input
              id={inputId}
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              disabled={busy}
              aria-describedby={hintId}
              data-testid="persona-avatar-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          {uploaded ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void remove()}>
              {t.personas.avatarRemove}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted">
        {uploaded ? t.personas.avatarHint : `${t.personas.avatarNone} ${t.personas.avatarHint}`}
      </p>
    </fieldset>
  );
}
