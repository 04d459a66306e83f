import { useAppStore } from '../store/app-store';
import { texts } from '../texts/texts';

/** A page whose feature has no issue yet (billing): its title and a plain "coming" note. */
export default function ComingPage({ note }: { note: string }) {
  const title = useAppStore((s) => s.viewTitle);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
      <span className="rounded-full bg-surface-3 px-3 py-1 text-sm font-semibold">{texts.placeholder.comingSoon}</span>
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="text-muted">{note}</p>
    </section>
  );
}
