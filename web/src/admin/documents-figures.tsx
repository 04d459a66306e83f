import type { DocumentFigures } from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http';
import { queryClient } from '../api/query-client';
import { adminTexts as t } from '../texts/admin';
import { formatNumber, numberFormat } from '../texts/format';
import { Section, Table } from './kit';

/** Bytes as the locale writes megabytes (or kilobytes when small). */
const size = (bytes: number) =>
  bytes >= 1_000_000
    ? numberFormat({ style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000)
    : numberFormat({ style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(bytes / 1_000);

/**
 * What documents cost (issue #45): the room they take, in all and per user, and the document
 * tokens replies sent to the model per persona (`GET /admin/documents`).
 */
export function DocumentFiguresSections() {
  const { data } = useQuery(
    { queryKey: ['admin', 'documents'], queryFn: () => api<DocumentFigures>('/admin/documents') },
    queryClient,
  );
  if (!data) return null;
  return (
    <>
      <Section title={t.documents.storage}>
        <p className="px-3 pt-2 text-sm" data-testid="document-storage-total">
          {t.documents.total(size(data.storage.bytes), formatNumber(data.storage.documents))}
        </p>
        <Table
          caption={t.documents.storage}
          head={[t.documents.user, t.documents.size, t.documents.count]}
          rows={data.storage.users.map((u) => [u.email, size(u.bytes), formatNumber(u.documents)])}
        />
        {data.storage.users.length === 0 ? <p className="p-3 text-sm text-muted">{t.documents.none}</p> : null}
        {data.storage.personas?.length ? (
          <Table
            caption={t.documents.knowledgeStorage}
            head={[t.documents.persona, t.documents.size, t.documents.count]}
            rows={data.storage.personas.map((p) => [p.name, size(p.bytes), formatNumber(p.documents)])}
          />
        ) : null}
      </Section>
      <Section title={t.documents.retrieval}>
        <Table
          caption={t.documents.retrieval}
          head={[t.documents.persona, t.documents.tokens, t.documents.replies]}
          rows={data.personas.map((p) => [p.name, formatNumber(p.tokens), formatNumber(p.replies)])}
        />
        {data.personas.length === 0 ? <p className="p-3 text-sm text-muted">{t.documents.none}</p> : null}
      </Section>
    </>
  );
}
