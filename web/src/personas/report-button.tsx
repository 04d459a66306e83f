import type { Persona } from '@neura/contract';
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { errorMessage } from '../api/app-error';
import { creatorTexts as t } from '../texts/creator';
import { ModalFrame } from '../ui/modal-frame';
import { customPersonasApi } from './custom-personas-api';
import { loadMyPersonas, useMyPersonas } from './my-personas';

const REASON_MAX = 1000;

/** "Report" on someone else's public custom persona: a small dialog asking why; the report lands in the console. */
export function ReportButton({ persona, className = '' }: { persona: Persona; className?: string }) {
  const loaded = useMyPersonas((s) => s.loaded);
  const own = useMyPersonas((s) => s.items.some((p) => p.id === persona.id));
  const [open, setOpen] = useState(false);
  const reportable = persona.custom === true && persona.visibility === 'public';
  useEffect(() => {
    if (reportable && !loaded) void loadMyPersonas();
  }, [reportable, loaded]);
  if (!reportable || !loaded || own) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`rounded-lg px-3 py-1.5 text-sm text-muted underline hover:text-fg ${className}`}
        aria-label={t.report.actionNamed(persona.name)}
        data-testid="report-persona"
      >
        {t.report.action}
      </button>
      {open ? <ReportDialog persona={persona} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ persona, onClose }: { persona: Persona; onClose: () => void }) {
  const [category, setCategory] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const id = useId();
  const other = category === t.report.categories[t.report.categories.length - 1];

  const send = async () => {
    const details = reason.trim();
    if (!category && !details) {
      setError(t.report.required);
      return;
    }
    if (other && !details) {
      setError(t.report.describe);
      return;
    }
    setSending(true);
    try {
      // The operator reads the kind first, then the details.
      const text = category && !other ? (details ? `${category}: ${details}` : category) : details;
      await customPersonasApi.report(persona.id, text);
      setSent(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  // On document.body: a page's (or another dialog's) stacking context must not put it under the footer.
  return createPortal(
    <ModalFrame titleId={`${id}-title`} onClose={onClose} className="sm:max-w-sm">
      {sent ? (
        <div className="flex flex-col gap-3 p-5 text-start" data-testid="report-sent" role="status">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t.report.sentTitle}
          </h2>
          <p className="text-sm text-muted">{t.report.sentBody}</p>
          <div className="flex justify-end">
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg"
              data-autofocus
            >
              {t.report.close}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3 p-5 text-start"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
          data-testid="report-dialog"
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t.report.title}
          </h2>
          <p className="text-sm text-muted">{t.report.explain}</p>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{t.report.category}</legend>
            {t.report.categories.map((c, i) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-category`}
                  value={c}
                  checked={category === c}
                  onChange={() => {
                    setCategory(c);
                    setError(null);
                  }}
                  {...(i === 0 ? { 'data-autofocus': true } : {})}
                />
                {c}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            {other || !category ? t.report.reason : t.report.reasonOptional}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            rows={3}
            maxLength={REASON_MAX}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            placeholder={t.report.placeholder}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`rounded-xl border bg-surface-3 px-3 py-2 text-base ${error ? 'border-danger' : 'border-border'}`}
          />
          {error ? (
            <p id={`${id}-error`} className="text-sm text-danger" role="alert">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 hover:bg-surface-3">
              {t.report.cancel}
            </button>
            <button
              type="submit"
              disabled={sending}
              className="rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg disabled:opacity-50"
            >
              {sending ? t.report.sending : t.report.send}
            </button>
          </div>
        </form>
      )}
    </ModalFrame>,
    document.body,
  );
}
