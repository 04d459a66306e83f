import type { SpendingLimits } from '@neura/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { billingTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { Card } from './card';
import { LoadError } from './load-error';
import { saveLimits, useLimits } from './queries/limits';

const shown = (limit: number | null) => (limit === null ? '' : String(limit));

/** A limit field's text as credits: null when empty, undefined when not a whole number ≥ 1. */
function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= 1_000_000_000 ? n : undefined;
}

function LimitsForm({ limits }: { limits: SpendingLimits }) {
  const id = useId();
  const [daily, setDaily] = useState(shown(limits.dailyCredits));
  const [monthly, setMonthly] = useState(shown(limits.monthlyCredits));
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<'daily' | 'monthly' | null>(null);
  useEffect(() => setDaily(shown(limits.dailyCredits)), [limits.dailyCredits]);
  useEffect(() => setMonthly(shown(limits.monthlyCredits)), [limits.monthlyCredits]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const dailyCredits = parseLimit(daily);
    const monthlyCredits = parseLimit(monthly);
    if (dailyCredits === undefined || monthlyCredits === undefined) {
      setInvalid(dailyCredits === undefined ? 'daily' : 'monthly');
      return;
    }
    setInvalid(null);
    setSaving(true);
    try {
      await saveLimits({ dailyCredits, monthlyCredits });
      showToast({ severity: 'success', message: t.limitsSaved });
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const input = (value: string, set: (v: string) => void, which: 'daily' | 'monthly') => (
    <input
      id={`${id}-${which}`}
      className={inputClass}
      inputMode="numeric"
      placeholder={t.noLimit}
      value={value}
      aria-invalid={invalid === which}
      onChange={(e) => set(e.target.value)}
      data-testid={`limit-${which}`}
    />
  );

  return (
    <form className="flex flex-col gap-3 rounded-2xl bg-surface-2 p-4" onSubmit={(e) => void submit(e)}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-daily`}
          label={t.dailyLimit}
          hint={t.spentToday(limits.spentToday, limits.dailyCredits)}
          error={invalid === 'daily' ? t.limitsInvalid : undefined}
        >
          {input(daily, setDaily, 'daily')}
        </Field>
        <Field
          id={`${id}-monthly`}
          label={t.monthlyLimit}
          hint={t.spentThisMonth(limits.spentThisMonth, limits.monthlyCredits)}
          error={invalid === 'monthly' ? t.limitsInvalid : undefined}
        >
          {input(monthly, setMonthly, 'monthly')}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={saving} data-testid="save-limits">
          {saving ? t.savingLimits : t.saveLimits}
        </Button>
      </div>
    </form>
  );
}

/** Settings › Credits: the daily and monthly spending limits the user sets (issue #49). */
export function SpendingLimitsCard() {
  const limits = useLimits();
  return (
    <Card title={t.limitsHeading} testId="spending-limits">
      <p className="px-1 text-sm text-muted">{t.limitsIntro}</p>
      {limits.data ? (
        <LimitsForm limits={limits.data} />
      ) : limits.error ? (
        <LoadError onRetry={() => void limits.refetch()} />
      ) : (
        <div className="h-36 animate-pulse rounded-2xl bg-surface-2" role="status" aria-busy="true" />
      )}
    </Card>
  );
}
