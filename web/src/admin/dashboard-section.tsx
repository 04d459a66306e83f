import { useState } from 'react';
import { productName } from '../billing/ledger-label';
import { adminTexts as t } from '../texts/admin';
import { formatNumber } from '../texts/format';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { adminApi, type DashboardDay } from './admin-api';
import { BarChart } from './charts';
import { DocumentFiguresSections } from './documents-figures';
import { act, inputClass, Loading, modelLabel, money, Section, Table } from './kit';
import { invalidateDashboard, useDashboard, useModelPrices } from './queries/dashboard';

const RANGES = [7, 30, 90] as const;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Built when rendered: the labels in the active language. */
const series = (): Array<[keyof Omit<DashboardDay, 'day'>, string]> => [
  ['messages', t.dashboard.messages],
  ['activeUsers', t.dashboard.activeUsers],
  ['creditsSold', t.dashboard.creditsSold],
  ['creditsGranted', t.dashboard.creditsGranted],
  ['creditsSpent', t.dashboard.creditsSpent],
  ['failures', t.dashboard.failures],
  ['refunds', t.dashboard.refunds],
  ['clawedBack', t.dashboard.clawedBack],
];

const cost = (value: number | null, currency: string) =>
  value === null ? t.dashboard.noPrice : money(value, currency);

function PriceForm({ onSaved }: { onSaved: () => void }) {
  const [model, setModel] = useState('');
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-2 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => adminApi.setPrice(model.trim(), Number(input), Number(output)), onSaved);
      }}
    >
      <Field compact label={t.dashboard.model}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={model}
            onChange={(e) => setModel(e.target.value)}
            required
          />
        )}
      </Field>
      <Field compact label={t.dashboard.inputPrice}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="decimal"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            required
          />
        )}
      </Field>
      <Field compact label={t.dashboard.outputPrice}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="decimal"
            value={output}
            onChange={(e) => setOutput(e.target.value)}
            required
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" size="sm">
        {t.dashboard.setPrice}
      </Button>
    </form>
  );
}

/** Figures over 7 / 30 / 90 days in the operator's (browser's) time zone, charts and tables. */
export function DashboardSection() {
  const [days, setDays] = useState<number>(30);
  const tz = browserZone();
  const { data, error, refetch } = useDashboard(days, tz);
  const prices = useModelPrices();
  const currency = data?.creditValue?.currency ?? data?.revenue[0]?.currency ?? 'usd';
  return (
    <div className="flex flex-col gap-4" data-testid="admin-dashboard">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t.dashboard.range}</legend>
          {RANGES.map((n) => (
            <Button
              key={n}
              aria-pressed={days === n}
              variant="secondary"
              size="sm"
              className={days === n ? 'bg-surface-3' : undefined}
              onClick={() => setDays(n)}
            >
              {t.dashboard.days(n)}
            </Button>
          ))}
        </fieldset>
        <span className="text-xs text-muted">{t.dashboard.timeZone(tz)}</span>
      </div>
      {!data ? (
        <Loading error={error} retry={refetch} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
            {series().map(([key, label]) => (
              <BarChart
                key={key}
                title={t.dashboard.perDay(label)}
                points={data.daily.map((d) => ({ label: d.day, value: d[key] }))}
              />
            ))}
          </div>
          <Section title={t.dashboard.revenue}>
            <Table
              caption={t.dashboard.revenue}
              head={[t.dashboard.product, t.dashboard.orders, t.dashboard.amount, t.dashboard.refunded]}
              rows={data.revenue.map((r) => [
                productName(r.product),
                r.orders,
                money(r.amountCents / 100, r.currency),
                money(r.refundedCents / 100, r.currency),
              ])}
            />
            {data.revenue.length === 0 ? <p className="p-3 text-sm text-muted">{t.dashboard.empty}</p> : null}
          </Section>
          <Section title={t.dashboard.models}>
            <Table
              caption={t.dashboard.models}
              head={[t.dashboard.model, t.dashboard.replies, t.dashboard.input, t.dashboard.output, t.dashboard.cost]}
              rows={data.models.map((m) => [
                modelLabel(m.model),
                m.replies,
                formatNumber(m.inputTokens),
                formatNumber(m.outputTokens),
                cost(m.estimatedCost, currency),
              ])}
            />
            <PriceForm onSaved={invalidateDashboard} />
            {prices.data && prices.data.length > 0 ? (
              <p className="px-3 pb-3 text-xs text-muted">
                {prices.data
                  .map(
                    (p) =>
                      `${modelLabel(p.model)}: ${p.inputPerMTok} / ${p.outputPerMTok}${p.source === 'config' ? ` (${t.dashboard.fromConfig})` : ''}`,
                  )
                  .join(' · ')}
              </p>
            ) : null}
          </Section>
          <Section title={t.dashboard.personas}>
            <p className="px-3 pt-2 text-xs text-muted">
              {data.creditValue
                ? t.dashboard.creditValue(money(data.creditValue.amount, data.creditValue.currency))
                : t.dashboard.noCreditValue}
            </p>
            <Table
              caption={t.dashboard.personas}
              head={[
                t.dashboard.persona,
                t.dashboard.replies,
                t.dashboard.earned,
                t.dashboard.value,
                t.dashboard.cost,
                t.dashboard.margin,
              ]}
              rows={data.personas.map((p) => [
                p.name,
                p.replies,
                p.creditsEarned,
                p.earnedValue === null ? '—' : money(p.earnedValue, currency),
                cost(p.estimatedCost, currency),
                p.margin === null ? '—' : money(p.margin, currency),
              ])}
            />
          </Section>
          <Section title={t.dashboard.skills}>
            <Table
              caption={t.dashboard.skills}
              head={[t.dashboard.skill, t.dashboard.uses, t.dashboard.surcharge]}
              rows={data.skills.map((s) => [s.skill, s.uses, s.surcharge])}
            />
            {data.skills.length === 0 ? <p className="p-3 text-sm text-muted">{t.dashboard.empty}</p> : null}
          </Section>
          <DocumentFiguresSections />
        </>
      )}
    </div>
  );
}
