import { useState } from 'react';
import { Link } from 'react-router';
import { AppError, errorMessage } from '../api/app-error';
import { formatDayTime } from '../texts/format';
import { ioTexts } from '../texts/io';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { absoluteLink, downloadArchive } from './io-api';
import { startArchiveJob, useArchiveJob } from './queries/archive';
import { useRevokeShare, useShares } from './queries/shares';

const t = ioTexts.data;

function SharedLinks() {
  const shares = useShares();
  const revoking = useRevokeShare();
  const revoke = (id: string) =>
    revoking.mutate(id, {
      onSuccess: () => showToast({ severity: 'success', message: t.revoked }),
      onError: (err) => showToast({ severity: 'error', message: errorMessage(err) }),
    });
  const links = shares.data;
  const error = shares.error && !links ? errorMessage(shares.error) : null;
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
          <Button
            onClick={() => revoke(s.id)}
            className="shrink-0 rounded-lg border border-border px-3 py-1.5 text-sm text-danger hover:bg-surface-3"
          >
            {t.revoke}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function DataArchive() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const status = useArchiveJob(jobId);
  // A failed poll drops the job (the button to build again shows) and says why.
  const job = jobId && !status.error ? (status.data ?? null) : null;
  const error = failure ?? (status.error ? errorMessage(status.error) : job?.status === 'failed' ? t.failed : null);

  const start = async () => {
    setFailure(null);
    setNote(null);
    try {
      setJobId((await startArchiveJob()).id);
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };
  const [note, setNote] = useState<string | null>(null);
  const download = async () => {
    if (!job) return;
    try {
      await downloadArchive(job.id);
      // The server deleted it once sent: the next one is prepared anew.
      setJobId(null);
      setNote(t.downloaded);
    } catch (err) {
      setFailure(errorMessage(err));
      // Expired or already downloaded: start over (a network error keeps the button to try again).
      if (err instanceof AppError && err.code === 'not-found') setJobId(null);
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
        <Button onClick={() => void download()} variant="primary" className="self-start">
          {t.download}
        </Button>
      ) : (
        <Button onClick={() => void start()} variant="primary" className="self-start">
          {t.build}
        </Button>
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
