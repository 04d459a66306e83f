import { Link } from 'react-router';
import { texts } from '../texts/texts';
import { buttonClass } from '../ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <h2 className="text-3xl font-semibold">{texts.notFound.heading}</h2>
      <p className="text-muted">{texts.notFound.body}</p>
      <Link to="/" className={buttonClass('primary')}>
        {texts.notFound.home}
      </Link>
    </section>
  );
}
