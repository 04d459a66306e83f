import { NavLink } from 'react-router';
import { texts } from './texts';

const ITEMS = [
  { to: '/', label: texts.nav.explore, icon: '◎', end: true },
  { to: '/chats', label: texts.nav.chats, icon: '💬', end: true },
  { to: '/create', label: texts.nav.create, icon: '＋', end: true },
  { to: '/settings', label: texts.nav.settings, icon: '⚙', end: false },
];

/** Footer tab bar (mobile; hidden on the chat route). */
export function Footer() {
  return (
    <nav
      aria-label="Main"
      className="sticky bottom-0 z-30 border-t border-border bg-surface/95 backdrop-blur lg:hidden"
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
              <span aria-hidden="true" className="text-lg">
                {item.icon}
              </span>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
