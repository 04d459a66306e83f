import type { ArchiveJob } from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { archiveStatus, startArchive } from '../io-api';

/** How often a building archive is asked about. */
export const ARCHIVE_POLL_MS = 500;

/** "Download my data": one archive job, polled while it builds. */
export const archiveKeys = {
  all: ['io', 'archive'] as const,
  job: (id: string) => [...archiveKeys.all, id] as const,
};

/** Starts an archive; its first answer is cached as the job's state (the poll takes it from there). */
export async function startArchiveJob(): Promise<ArchiveJob> {
  const job = await startArchive();
  queryClient.setQueryData(archiveKeys.job(job.id), job);
  return job;
}

/** The job's state, polled every ARCHIVE_POLL_MS while it builds (none without an id). */
export const useArchiveJob = (id: string | null) =>
  useQuery(
    {
      queryKey: archiveKeys.job(id ?? ''),
      queryFn: () => archiveStatus(id as string),
      enabled: id !== null,
      // The answer that started it is fresh: the first poll comes after the interval, not at once.
      staleTime: ARCHIVE_POLL_MS,
      refetchInterval: (query) => (query.state.data?.status === 'building' ? ARCHIVE_POLL_MS : false),
    },
    queryClient,
  );
