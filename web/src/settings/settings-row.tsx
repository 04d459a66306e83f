import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

/** A row of the settings lists: a link to a child page. */
export function SettingsLink({ to, children, tone }: { to: string; children: ReactNode; tone?: 'danger' }) {
  return (
    <li>
      <Link
        to={to}
        className={`flex items-center justify-between px-4 py-3 hover:bg-surface-3 ${tone === 'danger' ? 'text-danger' : ''}`}
      >
        <span>{children}</span>
        <span aria-hidden="true" className="text-muted">
          ›
        </span>
      </Link>
    </li>
  );
}

/** A titled group of settings. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}-${useId().replace(/:/g, '')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="px-1 text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      <div className="overflow-hidden rounded-xl border border-border bg-surface-2">{children}</div>
    </section>
  );
}
