import { NavLink } from 'react-router';
import { texts } from '../texts/texts';

const ICONS = {
  explore: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.5 6.5-2 5-5 2 2-5 5-2Z',
  chats: 'M4 5h16v10H8l-4 4V5Z',
  create: 'M12 5v14M5 12h14',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.6 7.6 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.6 7.6 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
} as const;

const ITEMS = [
  {
    to: '/',
    get label() {
      return texts.nav.explore;
    },
    icon: ICONS.explore,
    end: true,
  },
  {
    to: '/chats',
    get label() {
      return texts.nav.chats;
    },
    icon: ICONS.chats,
    end: true,
  },
  {
    to: '/create',
    get label() {
      return texts.nav.create;
    },
    icon: ICONS.create,
    end: true,
  },
  {
    to: '/settings',
    get label() {
      return texts.nav.settings;
    },
    icon: ICONS.settings,
    end: false,
  },
];

/** Footer tab bar (phones and tablets; hidden on the chat route and on desktop, where the sidebar shows). */
export function Footer() {
  return (
    <nav
      aria-label={texts.a11y.mainNav}
      className="relative z-30 shrink-0 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex max-w-lg justify-around">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex min-w-16 flex-col items-center gap-0.5 px-3 py-2 text-xs ${isActive ? 'font-semibold text-fg' : 'text-muted'}`
              }
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              >
                <path d={item.icon} />
              </svg>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
