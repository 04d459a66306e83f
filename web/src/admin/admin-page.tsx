import { Link, useSearchParams } from 'react-router';
import { useUser } from '../store/user';
import { adminTexts as t } from '../texts/admin';
import { DashboardSection } from './dashboard-section';
import { InvitesSection } from './invites-section';
import { AuditSection, FeedbackSection, OrdersSection } from './other-sections';
import { PersonasSection } from './personas-section';
import { ReviewsSection } from './reviews-section';
import { UsersSection } from './users-section';

const TABS = ['dashboard', 'users', 'personas', 'reviews', 'orders', 'invites', 'feedback', 'audit'] as const;
type Tab = (typeof TABS)[number];

const SECTIONS: Record<Tab, () => React.JSX.Element> = {
  dashboard: DashboardSection,
  users: UsersSection,
  personas: PersonasSection,
  reviews: ReviewsSection,
  orders: OrdersSection,
  invites: InvitesSection,
  feedback: FeedbackSection,
  audit: AuditSection,
};

/**
 * The operator's console (/admin, lazily loaded): a tab per area, the tab in the URL (?tab=).
 * Only admins see it; the server refuses every /api/admin call of anyone else (403) anyway.
 */
export default function AdminPage() {
  const role = useUser((s) => s.user?.role);
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'dashboard';
  if (role !== 'admin') {
    return (
      <p role="alert" className="mx-auto max-w-2xl p-4" data-testid="admin-forbidden">
        {t.forbidden}
      </p>
    );
  }
  const Section = SECTIONS[tab];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-3 md:p-4" data-testid="admin-console">
      <h2 className="sr-only">{t.title}</h2>
      <nav aria-label={t.title} className="-mx-3 overflow-x-auto px-3 md:mx-0 md:px-0">
        <ul className="flex gap-1">
          {TABS.map((name) => (
            <li key={name}>
              <Link
                to={`/admin?tab=${name}`}
                aria-current={tab === name ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm ${
                  tab === name ? 'bg-surface-3 font-medium' : 'text-muted hover:bg-surface-2'
                }`}
              >
                {t.tabs[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Section />
    </div>
  );
}
