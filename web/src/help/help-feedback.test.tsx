import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../ui/toast-store';
import { HelpFeedback } from './help-feedback';

let calls: Array<{ url: string; body: unknown }>;
let status = 201;

beforeEach(() => {
  calls = [];
  status = 201;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = status < 400 ? { success: true } : { message: 'Too many requests.', code: 'rate-limited' };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('HelpFeedback', () => {
  it('should ask "Was this helpful?" and send a Yes at once, then thank', async () => {
    render(<HelpFeedback docName="DocChats" />);
    expect(screen.getByText('Was this helpful?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thanks for your feedback!')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toMatch(/\/api\/feedback$/);
    expect(calls[0]?.body).toEqual({ type: 'feedback', about: 'helpDocs.DocChats' });
  });

  it('should ask how to improve after No, and send the comment', async () => {
    render(<HelpFeedback docName="DocFaq" />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByText("Sorry to hear this article wasn't helpful. How can we make it better?")).toBeTruthy();
    const box = screen.getByPlaceholderText('What can we do to improve?');
    fireEvent.change(box, { target: { value: 'Explain credits better.' } });
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Thanks for your feedback!')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ type: 'feedback', about: 'helpDocs.DocFaq', message: 'Explain credits better.' });
  });

  it('should reset when the document changes (keyed by name)', async () => {
    const { rerender } = render(<HelpFeedback key="DocFaq" docName="DocFaq" />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByPlaceholderText('What can we do to improve?')).toBeTruthy();
    rerender(<HelpFeedback key="DocChats" docName="DocChats" />);
    expect(screen.getByText('Was this helpful?')).toBeTruthy();
    expect(screen.queryByPlaceholderText('What can we do to improve?')).toBeNull();
  });

  it('should keep the form and show an error toast when sending fails', async () => {
    status = 429;
    render(<HelpFeedback docName="DocChats" />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]).toMatchObject({ severity: 'error', message: 'Too many requests.' });
    expect(screen.getByText('Was this helpful?')).toBeTruthy();
  });
});
