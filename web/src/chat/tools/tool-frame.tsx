import type { ReactNode } from 'react';

/** The frame of every tool card: a header naming the skill, then the body. */
export function ToolFrame({
  title,
  status,
  children,
  testId,
}: {
  title: ReactNode;
  status: 'running' | 'complete' | 'failed';
  children?: ReactNode;
  testId: string;
}) {
  return (
    <section
      className="my-2 min-w-0 overflow-hidden rounded-xl border border-border bg-surface text-sm"
      data-testid={testId}
      data-status={status}
    >
      <header className="flex items-center gap-2 border-b border-border px-3 py-2 text-xs font-semibold text-muted">
        {status === 'running' ? <span className="spinner h-3.5 w-3.5" aria-hidden="true" /> : null}
        <span className="min-w-0 truncate" role={status === 'running' ? 'status' : undefined}>
          {title}
        </span>
      </header>
      {children ? <div className="p-3">{children}</div> : null}
    </section>
  );
}

/** The host of a URL without "www.", for source labels. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
