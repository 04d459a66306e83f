import type { ReviewKnowledge } from '@neura/contract';
import type { DocumentRepository, FoundPassage } from './repository.js';

/** The most text a reviewer is shown of one document. */
const REVIEW_CHARS = 20_000;

/** Joins a page's passages back into its text: each one's start repeats the end of the one before (chunks.ts). */
function joined(passages: readonly FoundPassage[]): string {
  const out: string[] = [];
  let last: FoundPassage | undefined;
  for (const p of passages) {
    if (!last || last.page !== p.page) out.push(out.length ? `\n\n${p.text}` : p.text);
    else {
      const head = p.text.slice(0, 40);
      const at = last.text.lastIndexOf(head);
      const shared = at >= 0 && p.text.startsWith(last.text.slice(at)) ? last.text.length - at : 0;
      out.push(shared ? p.text.slice(shared) : ` ${p.text}`);
    }
    last = p;
  }
  return out.join('');
}

/**
 * A public persona's knowledge as the console's review shows it (issue #45: reviewed like its
 * texts): each of the maker's documents with its name, pages, status and the text replies are
 * grounded on (page by page, cut at REVIEW_CHARS).
 */
export async function knowledgeForReview(
  repo: DocumentRepository,
  ownerId: string,
  ids: readonly string[],
): Promise<ReviewKnowledge[]> {
  const docs = await repo.listOwned(ownerId, ids);
  const byId = new Map(docs.map((d) => [d.file_id, d]));
  const items: ReviewKnowledge[] = [];
  for (const id of ids) {
    const doc = byId.get(id);
    if (!doc) continue;
    const text = doc.status === 'ready' ? joined(await repo.allPassages([id])) : '';
    items.push({
      id,
      name: doc.name,
      ...(doc.pages ? { pages: doc.pages } : {}),
      status: doc.status,
      text: text.slice(0, REVIEW_CHARS),
      truncated: text.length > REVIEW_CHARS,
    });
  }
  return items;
}
