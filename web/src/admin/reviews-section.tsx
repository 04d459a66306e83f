import { useState } from 'react';
import { usePersonas } from '../store/personas';
import { creatorTexts } from '../texts/creator';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { act, inputClass, Loading, modelLabel, Section, Table, when } from './kit';
import { invalidateCustomPrices, invalidateReviewQueue, useCustomPrices, useReviewQueue } from './queries/reviews';
import { ReviewKnowledgeList } from './review-knowledge';
import { type CustomPersonaPriceItem, reviewsApi } from './reviews-api';

const t = creatorTexts.console;

/**
 * Reviews: the public custom personas waiting for the operator (their instructions and knowledge
 * files' text shown in full to the admin only), approve / reject; the listed ones with Unlist; and the price per message of
 * custom personas per model.
 */
export function ReviewsSection() {
  const queue = useReviewQueue();
  const personas = usePersonas((s) => s.personas);
  const listed = personas.filter((p) => p.custom && p.published);
  const [hidden, setHidden] = useState<string[]>([]);

  return (
    <div className="flex flex-col gap-6" data-testid="admin-reviews">
      <Section title={t.queue}>
        {!queue.data ? (
          <Loading error={queue.error} retry={queue.refetch} />
        ) : queue.data.length === 0 ? (
          <p className="p-3 text-muted">{t.empty}</p>
        ) : (
          <ul className="divide-y divide-border">
            {queue.data.map(({ persona, owner, knowledge }) => (
              <li
                key={persona.id}
                className="flex flex-col gap-2 p-3"
                data-testid="review-item"
                data-persona-id={persona.id}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h4 className="font-semibold">{persona.name}</h4>
                  <span className="text-xs text-muted">
                    {t.owner}: {owner.email ?? owner.id} · {t.submitted}: {when(persona.updatedAt)}
                  </span>
                </div>
                {persona.tagline ? <p className="text-sm">{persona.tagline}</p> : null}
                {persona.description ? <p className="text-sm text-muted">{persona.description}</p> : null}
                <p className="text-xs text-muted">
                  {t.model}: {persona.model ? modelLabel(persona.model) : '—'} · {t.skills}:{' '}
                  {persona.includedSkills.join(', ') || '—'}
                </p>
                <details open>
                  <summary className="cursor-pointer text-sm font-medium">{t.instructions}</summary>
                  <pre
                    className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded-lg bg-surface-3 p-2 text-xs"
                    data-testid="review-instructions"
                  >
                    {persona.instructions}
                  </pre>
                </details>
                {knowledge?.length ? <ReviewKnowledgeList items={knowledge} /> : null}
                {persona.greeting ? <p className="text-sm">“{persona.greeting}”</p> : null}
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t.approveNamed(persona.name)}
                    onClick={() => void act(() => reviewsApi.approve(persona.id), invalidateReviewQueue, t.approved)}
                  >
                    {t.approve}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="text-danger"
                    aria-label={t.rejectNamed(persona.name)}
                    onClick={() => void act(() => reviewsApi.reject(persona.id), invalidateReviewQueue, t.rejected)}
                  >
                    {t.reject}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t.listed}>
        {listed.filter((p) => !hidden.includes(p.id)).length === 0 ? (
          <p className="p-3 text-muted">{t.noneListed}</p>
        ) : (
          <Table
            head={[t.persona, t.details, t.actions]}
            rows={listed
              .filter((p) => !hidden.includes(p.id))
              .map((p) => [
                p.name,
                p.tagline ?? p.description,
                <Button
                  key="unlist"
                  variant="secondary"
                  size="sm"
                  className="text-danger"
                  aria-label={t.unlistNamed(p.name)}
                  onClick={() =>
                    void act(
                      () => reviewsApi.unlist(p.id),
                      () => setHidden((h) => [...h, p.id]),
                      t.unlisted,
                    )
                  }
                >
                  {t.unlist}
                </Button>,
              ])}
          />
        )}
      </Section>
      <PricesEditor />
    </div>
  );
}

function PricesEditor() {
  const prices = useCustomPrices();
  const [model, setModel] = useState('');
  const [price, setPrice] = useState(1);
  return (
    <Section title={t.prices}>
      <p className="p-3 pb-0 text-sm text-muted">{t.pricesExplain}</p>
      {!prices.data ? (
        <Loading error={prices.error} retry={prices.refetch} />
      ) : (
        <Table
          head={[t.priceModel, t.price, t.source]}
          rows={prices.data.map((row) => [
            <code key="m">{modelLabel(row.model)}</code>,
            <PriceInput key={`${row.model}:${row.price}`} row={row} onSaved={invalidateCustomPrices} />,
            t.sources[row.source] ?? row.source,
          ])}
        />
      )}
      <form
        className="flex flex-wrap items-end gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!model.trim()) return;
          void act(
            () => reviewsApi.setPrice(model.trim(), price),
            () => {
              setModel('');
              void invalidateCustomPrices();
            },
            t.priceSaved,
          );
        }}
      >
        <Field compact label={t.addModel}>
          {(control) => (
            <input {...control} className={inputClass} value={model} onChange={(e) => setModel(e.target.value)} />
          )}
        </Field>
        <Field compact label={t.price}>
          {(control) => (
            <input
              {...control}
              className={`${inputClass} w-24`}
              type="number"
              min={0}
              max={1000}
              value={price}
              onChange={(e) => setPrice(Number(e.target.value))}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          {t.add}
        </Button>
      </form>
    </Section>
  );
}

function PriceInput({ row, onSaved }: { row: CustomPersonaPriceItem; onSaved: () => void }) {
  const [value, setValue] = useState(row.price);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => reviewsApi.setPrice(row.model, value), onSaved, t.priceSaved);
      }}
    >
      <input
        className={`${inputClass} w-20`}
        type="number"
        min={0}
        max={1000}
        value={value}
        aria-label={t.priceFor(row.model)}
        onChange={(e) => setValue(Number(e.target.value))}
        data-testid="custom-price-input"
      />
      <Button type="submit" variant="secondary" size="sm">
        {t.save}
      </Button>
    </form>
  );
}
