import { Link } from 'react-router';
import { texts } from '../texts/texts';

/** Create Persona: custom personas are announced as coming soon (SPEC.md §1). */
export default function CreatePage() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <span className="rounded-full bg-surface-3 px-3 py-1 text-sm font-semibold" data-testid="coming-soon">
        {texts.create.badge}
      </span>
      <svg
        aria-hidden="true"
        data-testid="create-sparkles"
        viewBox="0 0 24 24"
        className="h-16 w-16 text-accent-text"
        fill="currentColor"
      >
        <path d="M10 2l1.9 5.6L17.5 9.5l-5.6 1.9L10 17l-1.9-5.6L2.5 9.5l5.6-1.9L10 2z" />
        <path d="M18.5 13l.9 2.6 2.6.9-2.6.9-.9 2.6-.9-2.6-2.6-.9 2.6-.9.9-2.6z" />
        <path d="M18 2l.6 1.9 1.9.6-1.9.6L18 7l-.6-1.9-1.9-.6 1.9-.6L18 2z" />
      </svg>
      <h2 className="text-2xl font-semibold">{texts.create.heading}</h2>
      <p className="text-muted">{texts.create.body}</p>
      <Link to="/" className="rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg">
        {texts.create.explore}
      </Link>
    </section>
  );
}
