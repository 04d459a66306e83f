import { Link } from 'react-router';
import { selectIsPro, useUser } from '../store/user';
import { billingTexts as t } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { ProPrice } from './pro-price';
import { SubscribeButton } from './subscribe-button';

/** The Pro sale page (/pro): what Pro includes, 19.99 with 49.99 struck through, Subscribe Now. */
export default function ProPage() {
  const isPro = useUser(selectIsPro);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4">
      <section className="flex flex-col items-start gap-4 rounded-3xl bg-gradient-to-br from-accent/25 to-surface-2 p-6 sm:p-8">
        <span className="rounded-full bg-accent px-3 py-1 text-sm font-bold text-accent-fg">{texts.nav.pro}</span>
        <h2 className="text-3xl font-bold sm:text-4xl">{t.proHeading}</h2>
        <p className="max-w-prose text-lg text-muted">{t.proTagline}</p>
        <ProPrice />
        {isPro ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <p className="font-semibold text-success">{t.alreadyPro}</p>
            <Link
              to="/settings/pro"
              className="rounded-xl border border-border px-4 py-2.5 font-semibold hover:bg-surface-3"
            >
              {t.manageSubscription}
            </Link>
          </div>
        ) : (
          <SubscribeButton />
        )}
        <p className="text-sm text-muted">{t.cancelAnytime}</p>
      </section>
      <section aria-labelledby="pro-includes" className="flex flex-col gap-3">
        <h3 id="pro-includes" className="px-1 text-sm font-semibold tracking-wide text-muted uppercase">
          {t.proIncludes}
        </h3>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {t.proFeatures.map((f) => (
            <li key={f.title} className="flex flex-col gap-1 rounded-2xl bg-surface-2 p-4">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              <span className="font-semibold">{f.title}</span>
              <span className="text-sm text-muted">{f.body}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
