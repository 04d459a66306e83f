import type { Message } from '@neura/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTexts } from '../../texts/documents';
import { Receipt, receiptOf } from './receipt';

const reply = (over: Partial<Message> = {}): Message => ({
  id: 'r1',
  chatId: 'c1',
  role: 'assistant',
  content: 'From the handbook.',
  createdAt: '2026-03-04T10:05:00.000Z',
  status: 'complete',
  cost: 1,
  ...over,
});

/** The receipt counts the passages' tokens of a reply grounded on documents (issue #45). */
describe('receipt of a grounded reply', () => {
  it("should show the tokens of the documents' passages the reply carried", () => {
    render(<Receipt message={reply({ documentTokens: 1234 })} />);
    fireEvent.click(screen.getByRole('button', { name: /Show receipt/ }));
    const line = screen.getByTestId('receipt-documents');
    expect(within(line).getByText(documentTexts.receipt)).toBeTruthy();
    expect(line.textContent).toContain('1,234 tokens');
  });

  it("should show the documents' price apart from the message's", () => {
    const sources = { type: 'sources' as const, items: [], cost: 3 };
    const message = reply({ cost: 5, documentTokens: 150, parts: [sources] });
    expect(receiptOf(message, new Map())).toMatchObject({ base: 2, documents: 3, total: 5 });
    render(<Receipt message={message} />);
    fireEvent.click(screen.getByRole('button', { name: /Show receipt/ }));
    expect(screen.getByTestId('receipt-documents').textContent).toContain('+3 credits');
  });

  it('should show no documents line on a reply without documents', () => {
    render(<Receipt message={reply()} />);
    fireEvent.click(screen.getByRole('button', { name: /Show receipt/ }));
    expect(screen.queryByTestId('receipt-documents')).toBeNull();
  });
});
