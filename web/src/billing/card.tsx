import type { ReactNode } from 'react';

/** A titled section of the billing pages. */
export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={testId}>
      <h3 id={id} className="px-1 text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Skeleton rows while a list loads (same height as the rows, so nothing jumps). */
export function RowSkeletons({ count, height = 'h-14' }: { count: number; height?: string }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-2">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className={`${height} animate-pulse rounded-xl bg-surface-2`} />
      ))}
    </div>
  );
}
