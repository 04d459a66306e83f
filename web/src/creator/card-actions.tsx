import type { CustomPersona } from '@neura/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { customPersonasApi } from '../personas/custom-personas-api';
import { upsertMyPersona } from '../personas/queries/my-personas';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';

/** "Import a card" (issue #49): a PNG card or its JSON becomes a private draft, opened in the builder. */
export function ImportCardButton({ disabled = false }: { disabled?: boolean }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const persona = await customPersonasApi.importCard(file);
      upsertMyPersona(persona);
      showToast({ severity: 'success', message: t.cards.imported(persona.name) });
      navigate(`/create?edit=${encodeURIComponent(persona.id)}`);
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <span className="inline-flex">
      <input
        ref={input}
        type="file"
        accept="image/png,application/json,.png,.json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-card-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || disabled}
        title={t.cards.importHint}
        onClick={() => input.current?.click()}
        data-testid="import-card"
      >
        {busy ? t.cards.importing : t.cards.importCard}
      </Button>
    </span>
  );
}

async function download(persona: CustomPersona, format: 'png' | 'json') {
  try {
    const blob = await customPersonasApi.cardFile(persona.id, format);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${persona.name.replace(/[\\/:*?"<>|]+/g, '').trim() || 'character'}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error, t.cards.exportFailed) });
  }
}

/** "Card (PNG)" and "Card (JSON)": the persona as a character card other apps read. */
export function ExportCardButtons({ persona, className }: { persona: CustomPersona; className: string }) {
  return (
    <>
      <Button
        className={className}
        onClick={() => void download(persona, 'png')}
        aria-label={t.cards.exportNamed(persona.name, 'PNG')}
        data-testid="export-card-png"
      >
        {t.cards.exportPng}
      </Button>
      <Button
        className={className}
        onClick={() => void download(persona, 'json')}
        aria-label={t.cards.exportNamed(persona.name, 'JSON')}
        data-testid="export-card-json"
      >
        {t.cards.exportJson}
      </Button>
    </>
  );
}
