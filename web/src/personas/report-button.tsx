import type { Persona } from '@neura/contract';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { errorMessage } from '../api/app-error';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';
import { borderFor, Field } from '../ui/field';
import { ModalFrame } from '../ui/modal-frame';
import { customPersonasApi } from './custom-personas-api';
import { useMyPersonas } from './queries/my-personas';

const REASON_MAX = 1000;

/** "Report" on someone else's public custom persona: a small dialog asking why; the report lands in the console. */
export function ReportButton({ persona, className = '' }: { persona: Persona; className?: string }) {
  const [open, setOpen] = useState(false);
  const reportable = persona.custom === true && persona.visibility === 'public';
  const mine = useMyPersonas({ enabled: reportable }).data;
  const own = mine?.items.some((p) => p.id === persona.id);
  if (!reportable || !mine || own) return null;
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        className={`rounded-lg px-3 py-1.5 text-sm text-muted underline hover:text-fg ${className}`}
        aria-label={t.report.actionNamed(persona.name)}
        data-testid="report-persona"
      >
        {t.report.action}
      </Button>
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
            <Button onClick={onClose} variant="primary" data-autofocus>
              {t.report.close}
            </Button>
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
              <Field key={c} label={c} layout="check" className="text-sm">
                {(control) => (
                  <input
                    {...control}
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
                )}
              </Field>
            ))}
          </fieldset>
          <Field
            id={`${id}-reason`}
            label={other || !category ? t.report.reason : t.report.reasonOptional}
            error={error ?? undefined}
            alert
          >
            {(control) => (
              <textarea
                {...control}
                value={reason}
                rows={3}
                maxLength={REASON_MAX}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
                placeholder={t.report.placeholder}
                className={`rounded-xl border bg-surface-3 px-3 py-2 text-base ${borderFor(error ?? undefined)}`}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button onClick={onClose} className="rounded-lg px-4 py-2 hover:bg-surface-3">
              {t.report.cancel}
            </Button>
            <Button type="submit" disabled={sending} variant="primary">
              {sending ? t.report.sending : t.report.send}
            </Button>
          </div>
        </form>
      )}
    </ModalFrame>,
    document.body,
  );
}
