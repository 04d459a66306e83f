import { creditsState, LOW_CREDITS_THRESHOLD } from '@neura/contract';
import { Link } from 'react-router';
import { useUser } from '../store/user';
import { texts } from '../texts/texts';
import { buttonClass } from '../ui/button';

function Banner({
  tone,
  title,
  body,
  action,
  to,
  testId,
}: {
  tone: 'accent' | 'danger' | 'warning';
  title: string;
  body: string;
  action: string;
  to: string;
  testId: string;
}) {
  const border = { accent: 'border-accent', danger: 'border-danger', warning: 'border-warning' }[tone];
  const heading = { accent: 'text-fg', danger: 'text-danger', warning: 'text-warning' }[tone];
  return (
    <section
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`mx-4 flex flex-col gap-3 rounded-2xl border-s-4 bg-surface-2 p-4 sm:flex-row sm:items-center ${border}`}
      data-testid={testId}
    >
      <div className="flex-1">
        <h3 className={`font-semibold ${heading}`}>{title}</h3>
        <p className="text-sm text-muted">{body}</p>
      </div>
      <Link to={to} className={buttonClass(tone === 'danger' ? 'danger' : 'primary', 'sm', 'text-center')}>
        {action}
      </Link>
    </section>
  );
}

/** Explore banners of SPEC.md §2: Pro upgrade for signed-in non-Pro users, No Credits, Low Credits. */
export function ExploreBanners() {
  const user = useUser((s) => s.user);
  if (!user) return null;
  const { isPro, credits } = user;
  const state = creditsState(credits, LOW_CREDITS_THRESHOLD);
  // Nothing to show (a Pro user with enough credits): no empty row, so the page's gap stays single.
  if (isPro && state === 'normal') return null;
  return (
    <div className="flex flex-col gap-3">
      {state === 'zero' ? (
        <Banner
          tone="danger"
          title={texts.explore.noCreditsTitle}
          body={texts.explore.noCreditsBody}
          action={texts.explore.buyCredits}
          to="/settings/credits"
          testId="banner-no-credits"
        />
      ) : null}
      {state === 'low' ? (
        <Banner
          tone="warning"
          title={texts.explore.lowCreditsTitle}
          body={texts.explore.lowCreditsBody(credits ?? 0)}
          action={texts.explore.buyCredits}
          to="/settings/credits"
          testId="banner-low-credits"
        />
      ) : null}
      {isPro ? null : (
        <Banner
          tone="accent"
          title={texts.explore.proBannerTitle}
          body={texts.explore.proBannerBody}
          action={texts.explore.subscribeNow}
          to="/settings/pro"
          testId="banner-pro"
        />
      )}
    </div>
  );
}
