import type { Message } from '@neura/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SourceList } from './source-list';

const reply = (parts: Message['parts']): Message => ({
  id: 'm1',
  chatId: 'c1',
  role: 'assistant',
  content: 'The porter is told.',
  parts,
  createdAt: '2026-11-28T00:00:00.000Z',
  status: 'complete',
  cost: 1,
});

describe('SourceList', () => {
  it('should show each citation with its file, page and quoted passage', () => {
    render(
      <SourceList
        message={reply([
          { type: 'text', text: 'The porter is told.' },
          {
            type: 'sources',
            items: [{ fileId: 'f1', name: 'handbook.pdf', page: 37, snippet: 'Zebras in the parking garage' }],
          },
        ])}
      />,
    );
    const source = screen.getByRole('button', { name: 'Open “handbook.pdf”' });
    expect(source.textContent).toContain('handbook.pdf · page 37');
    expect(source.textContent).toContain('Zebras in the parking garage');
  });

  it('should say the documents were left out, and what using them costs, when the balance did not cover it', () => {
    render(<SourceList message={reply([{ type: 'sources', items: [], unpaid: 3 }])} />);
    expect(screen.getByTestId('sources-left-out').textContent).toBe(
      'Your documents were left out of this reply: using them costs 3 credits, more than your balance.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('should show nothing for a reply without sources', () => {
    const { container } = render(<SourceList message={reply([{ type: 'text', text: 'Hi' }])} />);
    expect(container.textContent).toBe('');
  });
});
