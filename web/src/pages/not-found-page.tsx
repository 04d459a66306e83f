import { Link } from 'react-router';
import { appTexts } from '../texts/app-texts';
import { buttonClass } from '../ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <h2 className="text-3xl font-semibold">{appTexts.notFound.heading}</h2>
      <p className="text-muted">{appTexts.notFound.body}</p>
      <Link to="/" className={buttonClass('primary')}>
        {appTexts.notFound.home}
      </Link>
    </section>
  );
}
