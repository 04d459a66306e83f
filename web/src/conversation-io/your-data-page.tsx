import type { ArchiveJob, ShareSummary } from '@neura/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppError, errorMessage } from '../api/app-error';
import { formatDayTime } from '../texts/format';
import { showToast } from '../ui/toast-store';
import { absoluteLink, archiveStatus, downloadArchive, listShares, revokeShare, startArchive } from './io-api';
import { ioTexts } from './texts';

const t = ioTexts.data;
const POLL_MS = 500;

function SharedLinks() {
  const [links, setLinks] = useState<ShareSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listShares().then(setLinks, (err) => setError(errorMessage(err)));
  }, []);
  const revoke = async (id: string) => {
    try {
      await revokeShare(id);
      setLinks((l) => l?.filter((s) => s.id !== id) ?? null);
      showToast({ severity: 'success', message: t.revoked });
    } catch (err) {
      showToast({ severity: 'error', message: errorMessage(err) });
    }
  };
  if (error) return <p className="px-4 py-3 text-sm text-danger">{error}</p>;
  if (!links) return <p className="px-4 py-3 text-sm text-muted">…</p>;
  if (links.length === 0) return <p className="px-4 py-3 text-sm text-muted">{t.noLinks}</p>;
  return (
    <ul className="divide-y divide-border" data-testid="shared-links">
      {links.map((s) => (
        <li key={s.id} className="flex items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <Link to={`/chats/${s.chatId}`} className="block truncate font-medium">
              {s.chatName}
            </Link>
            <a
              href={absoluteLink(s.url)}
              target="_blank"
              rel="noreferrer"
              className="block truncate text-xs text-muted underline"
            >
              {absoluteLink(s.url)}
            </a>
            <span className="text-xs text-muted">
              {formatDayTime(s.createdAt)} · {t.messages(s.messageCount)}
            </span>
          </div>
          <button
            type="button"
            onClick={() => void revoke(s.id)}
            className="shrink-0 rounded-lg border border-border px-3 py-1.5 text-sm text-danger hover:bg-surface-3"
          >
            {t.revoke}
          </button>
        </li>
      ))}
    </ul>
  );
}

function DataArchive() {
  const [job, setJob] = useState<ArchiveJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = useCallback((id: string) => {
    timer.current = setTimeout(async () => {
      try {
        const next = await archiveStatus(id);
        setJob(next);
        if (next.status === 'building') poll(id);
        else if (next.status === 'failed') setError(t.failed);
      } catch (err) {
        setError(errorMessage(err));
        setJob(null);
      }
    }, POLL_MS);
  }, []);

  const start = async () => {
    setError(null);
    setNote(null);
    try {
      const started = await startArchive();
      setJob(started);
      if (started.status === 'building') poll(started.id);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const [note, setNote] = useState<string | null>(null);
  const download = async () => {
    if (!job) return;
    try {
      await downloadArchive(job.id);
      // The server deleted it once sent: the next one is prepared anew.
      setJob(null);
      setNote(t.downloaded);
    } catch (err) {
      setError(errorMessage(err));
      // Expired or already downloaded: start over (a network error keeps the button to try again).
      if (err instanceof AppError && err.code === 'not-found') setJob(null);
    }
  };
  const pct = Math.round((job?.progress ?? 0) * 100);

  return (
    <div className="flex flex-col gap-3 px-4 py-4">
      <p className="text-sm text-muted">{t.archiveExplain}</p>
      {job?.status === 'building' ? (
        <div className="flex flex-col gap-1" role="status" aria-live="polite">
          <span className="text-sm">{t.building(pct)}</span>
          <div
            className="h-2 overflow-hidden rounded-full bg-surface-3"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-label={t.archive}
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${pct}%` }} />
          </div>
        </div>
      ) : job?.status === 'ready' ? (
        <button
          type="button"
          onClick={() => void download()}
          className="self-start rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg"
        >
          {t.download}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          className="self-start rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg"
        >
          {t.build}
        </button>
      )}
      {job?.status === 'ready' ? <p className="text-sm text-muted">{t.kept}</p> : null}
      {note && !job ? (
        <p role="status" className="text-sm text-muted">
          {note}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Settings › Your data: the shared links (revoke) and "Download my data". */
export default function YourDataPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4">
      {/* The page's heading under the header's title: the sections' headings follow in order (axe heading-order). */}
      <h2 className="sr-only">{t.title}</h2>
      <section aria-labelledby="data-links" className="flex flex-col gap-2">
        <h3 id="data-links" className="px-1 text-sm font-semibold tracking-wide text-muted uppercase">
          {t.links}
        </h3>
        <div className="overflow-hidden rounded-xl border border-border bg-surface-2">
          <SharedLinks />
        </div>
      </section>
      <section aria-labelledby="data-archive" className="flex flex-col gap-2">
        <h3 id="data-archive" className="px-1 text-sm font-semibold tracking-wide text-muted uppercase">
          {t.archive}
        </h3>
        <div className="overflow-hidden rounded-xl border border-border bg-surface-2">
          <DataArchive />
        </div>
      </section>
    </div>
  );
}
