import { UPLOAD_DOCUMENT_EXTENSIONS } from '@neura/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { api } from '../api/http';
import { DocumentChip } from '../chat/document-chip';
import { rememberDocument, useDocumentState } from '../files/document-status';
import { isDocumentName, type UploadedFile } from '../files/types';
import { uploadFile } from '../files/upload';
import { documentTexts } from '../texts/documents';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';

const t = documentTexts.knowledge;
/** The most knowledge files a persona takes (the contract's limit). */
const KNOWLEDGE_MAX = 20;
const ACCEPT = UPLOAD_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
let nextKey = 1;

/** One knowledge file: its chip (name, pages, reading or failed, live) and a remove button. */
function KnowledgeItem({ id, onRemove }: { id: string; onRemove: () => void }) {
  const file = useDocumentState(id);
  // A file this tab has not heard of (an edit just opened): asked once.
  useEffect(() => {
    if (file) return;
    api<UploadedFile>(`/files/${encodeURIComponent(id)}/meta`).then(rememberDocument, () => undefined);
  }, [id, file]);
  const name = file?.name ?? '…';
  return (
    <li
      className="relative h-12 w-full rounded-lg border border-border bg-surface-2 sm:w-64"
      data-testid="knowledge-file"
    >
      <DocumentChip name={name} file={file} />
      <Button
        onClick={onRemove}
        aria-label={t.remove(name)}
        className="absolute top-1 end-1 flex h-6 w-6 items-center justify-center rounded-full text-muted hover:bg-surface-3"
      >
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </Button>
    </li>
  );
}

/**
 * A persona's knowledge (issue #45): documents uploaded here (each read by the server, its status
 * live), removable; the ids go with the persona when it is saved.
 */
export function KnowledgeField({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ key: number; name: string }[]>([]);
  const latest = useRef(value);
  latest.current = value;

  const add = (files: File[]) => {
    for (const file of files.slice(0, KNOWLEDGE_MAX - value.length - uploading.length)) {
      if (!isDocumentName(file.name)) {
        showToast({ severity: 'error', message: t.notDocument(file.name) });
        continue;
      }
      const key = nextKey++;
      setUploading((list) => [...list, { key, name: file.name }]);
      uploadFile(file)
        .then((uploaded) => {
          rememberDocument(uploaded);
          onChange([...latest.current, uploaded.id]);
        })
        .catch((e: unknown) => showToast({ severity: 'error', message: errorMessage(e) }))
        .finally(() => setUploading((list) => list.filter((u) => u.key !== key)));
    }
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="persona-knowledge-hint" data-testid="knowledge-field">
      <legend className="text-sm font-medium">{t.label}</legend>
      <p id="persona-knowledge-hint" className="text-xs text-muted">
        {t.hint} {t.limit(KNOWLEDGE_MAX)}
      </p>
      {value.length === 0 && uploading.length === 0 ? <p className="text-sm text-muted">{t.empty}</p> : null}
      <ul className="flex flex-wrap gap-2">
        {value.map((id) => (
          <KnowledgeItem key={id} id={id} onRemove={() => onChange(value.filter((v) => v !== id))} />
        ))}
        {uploading.map(({ key, name }) => (
          <li key={key} className="h-12 w-full rounded-lg border border-border bg-surface-2 sm:w-64" aria-busy="true">
            <div className="flex h-full flex-col justify-center px-2 text-sm">
              <span className="truncate">{name}</span>
              <span className="text-xs text-muted">{t.uploading}</span>
            </div>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="knowledge-input"
        onChange={(e) => {
          add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {value.length + uploading.length < KNOWLEDGE_MAX ? (
        <Button
          onClick={() => input.current?.click()}
          className="self-start rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-surface-3"
        >
          {t.add}
        </Button>
      ) : null}
      {error ? (
        <p className="text-sm text-danger" data-testid="error-persona-knowledge">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
