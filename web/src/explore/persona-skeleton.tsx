/** A loading placeholder shaped like a persona card. */
export function PersonaSkeleton({ featured }: { featured: boolean }) {
  return (
    <div
      className={`flex animate-pulse flex-col gap-3 rounded-2xl border border-border bg-surface-2 p-4 ${featured ? 'min-h-56' : 'min-h-44'}`}
      data-testid="persona-skeleton"
      aria-hidden="true"
    >
      <div className="flex gap-3">
        <div className="h-12 w-12 rounded-xl bg-surface-3" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-4 w-2/3 rounded bg-surface-3" />
          <div className="h-3 w-full rounded bg-surface-3" />
          <div className="h-3 w-5/6 rounded bg-surface-3" />
        </div>
      </div>
      <div className="mt-auto h-5 w-32 rounded-full bg-surface-3" />
    </div>
  );
}
