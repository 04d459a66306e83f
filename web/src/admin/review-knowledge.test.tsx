import type { ReviewKnowledge } from '@neura/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminTexts } from '../texts/admin';
import { ReviewKnowledgeList } from './review-knowledge';

const t = adminTexts.documents;
const ready: ReviewKnowledge = {
  id: 'f1',
  name: 'menu.pdf',
  pages: 2,
  status: 'ready',
  text: 'Espresso costs two euros.\n\nCappuccino costs three.',
  truncated: false,
};

describe('ReviewKnowledgeList', () => {
  it("should show each knowledge file's name, pages and text to the reviewer", () => {
    render(
      <ReviewKnowledgeList
        items={[ready, { ...ready, id: 'f2', name: 'notes.txt', pages: undefined, text: 'Note.' }]}
      />,
    );
    const files = screen.getAllByTestId('review-knowledge-file');
    expect(files).toHaveLength(2);
    expect(within(files[0] as HTMLElement).getByText('menu.pdf')).toBeTruthy();
    expect(files[0]?.textContent).toContain(t.reviewPages('2'));
    expect(files[0]?.querySelector('pre')?.textContent).toBe(ready.text);
    expect(files[1]?.textContent).not.toContain(t.reviewPages('1'));
    expect(screen.getByText(t.reviewKnowledge)).toBeTruthy();
  });

  it('should say when a file is still being read, could not be read, or is cut for the review', () => {
    render(
      <ReviewKnowledgeList
        items={[
          { ...ready, id: 'a', status: 'processing', text: '' },
          { ...ready, id: 'b', status: 'failed', text: '' },
          { ...ready, id: 'c', text: 'x'.repeat(20_000), truncated: true },
        ]}
      />,
    );
    expect(screen.getByText(t.reviewProcessing)).toBeTruthy();
    expect(screen.getByText(t.reviewFailed)).toBeTruthy();
    expect(screen.getByText(t.reviewTruncated('20,000'))).toBeTruthy();
  });
});
