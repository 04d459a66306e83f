import { useAppStore } from '../store/app-store';

/** A page whose own issue comes later: its title and a short note, nothing pretending to work. */
export function PlaceholderPage({ note }: { note?: string }) {
  const title = useAppStore((s) => s.viewTitle);
  return (
    <section className="mx-auto max-w-3xl p-4">
      <h2 className="mb-2 text-2xl font-semibold">{title}</h2>
      {note ? <p className="text-muted">{note}</p> : null}
    </section>
  );
}
