import { type ReactNode, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { adminTexts as t } from '../texts/admin';
import { formatDayTime, formatMoney } from '../texts/format';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { showToast } from '../ui/toast-store';

/** Runs an admin action: a toast on failure (the server's message), `then` on success. */
export async function act(run: () => Promise<unknown>, then?: () => void, done = t.saved): Promise<boolean> {
  try {
    await run();
    showToast({ severity: 'success', message: done });
    then?.();
    return true;
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error) });
    return false;
  }
}

/** A section's loading line, or its error (the server's message) with Retry. */
export function Loading({ error, retry }: { error?: unknown; retry?: () => void }) {
  if (error) {
    return (
      <div role="alert" className="rounded-xl border border-border bg-surface-2 p-4">
        <p>{t.failed}</p>
        <p className="text-sm text-muted">{errorMessage(error)}</p>
        {retry ? (
          <Button variant="secondary" size="sm" onClick={retry}>
            {t.retry}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <p role="status" className="p-4 text-muted">
      {t.loading}
    </p>
  );
}

export const inputClass =
  'rounded-lg border border-border bg-surface-1 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2';

/** A search box with its button; `onSearch` gets the text when the form is sent. */
export function SearchForm({ id, label, onSearch }: { id: string; label: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState('');
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft);
      }}
    >
      <Field id={id} label={label} hideLabel className="min-w-0 flex-1">
        {(control) => (
          <input
            {...control}
            type="search"
            placeholder={label}
            className={inputClass}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" size="sm">
        {t.users.searchButton}
      </Button>
    </form>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls sideways; the keyboard must reach it (axe scrollable-region-focusable).
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-border bg-surface-2 focus-visible:outline-2"
      >
        {children}
      </div>
    </section>
  );
}

/** A plain table: scrolls sideways on a phone. */
export function Table({ head, rows, caption }: { head: string[]; rows: ReactNode[][]; caption?: string }) {
  return (
    <table className="w-full min-w-max text-start text-sm">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr className="border-b border-border text-muted">
          {head.map((h) => (
            <th key={h} scope="col" className="px-3 py-2 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are replaced as a whole.
          <tr key={i}>
            {cells.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns.
              <td key={j} className="px-3 py-2 align-top">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const when = (iso: string | null | undefined) => (iso ? formatDayTime(iso) : '—');
/**
 * A model as the console shows it: the default server's alias (`llm:`, `openai-compatible:`) is
 * left off, so a persona's `llm:fake-model` and the replies' `fake-model` read the same.
 */
export const modelLabel = (model: string): string => model.replace(/^(llm|openai-compatible):/, '');

export const money = (amount: number, currency: string) => formatMoney(amount, currency, { maximumFractionDigits: 4 });
