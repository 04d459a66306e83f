import { Link } from 'react-router';
import { texts } from '../texts/texts';

/** Create Persona: custom personas are announced as coming soon (SPEC.md §1). */
export default function CreatePage() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <span className="rounded-full bg-surface-3 px-3 py-1 text-sm font-semibold" data-testid="coming-soon">
        {texts.create.badge}
      </span>
      <div aria-hidden="true" className="text-6xl">
        ✨
      </div>
      <h2 className="text-2xl font-semibold">{texts.create.heading}</h2>
      <p className="text-muted">{texts.create.body}</p>
      <Link to="/" className="rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg">
        {texts.create.explore}
      </Link>
    </section>
  );
}
