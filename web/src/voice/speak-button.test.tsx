import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { useToastStore } from '../ui/toast-store';
import { SpeakButton } from './speak-button';
import { stopSpeech } from './speech-playback';

const signInAs = (isPro: boolean) =>
  dispatchUser({
    type: 'loaded',
    user: {
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      referralCode: 'R',
      proExpiry: null,
      isPro,
      flags: [],
      credits: 4,
    },
  });

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SpeakButton', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    useAppStore.setState({ token: 'tok', activeModal: null });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    act(() => stopSpeech());
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('should open the subscribe modal for a non-Pro user without calling the server', () => {
    signInAs(false);
    render(<SpeakButton messageId="m1" text="Hello" />);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(useAppStore.getState().activeModal).toBe('subscribe');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should turn the server’s Pro rejection into the subscribe modal, not an error', async () => {
    signInAs(true);
    fetchMock.mockResolvedValue(
      jsonResponse(403, { message: 'User does not have a Pro subscription.', code: 'pro:required' }),
    );
    render(<SpeakButton messageId="m2" text="Hello" />);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(useAppStore.getState().activeModal).toBe('subscribe'));
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('should show loading, then explain a missing engine with the server’s message', async () => {
    signInAs(true);
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise((r) => (answer = r)));
    render(<SpeakButton messageId="m3" text="Hello" />);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(screen.getByRole('button', { name: 'Loading audio…' }).getAttribute('aria-busy')).toBe('true');
    const message = 'Text-to-speech is not available: the speech synthesiser (flite) is not installed on the server.';
    await act(async () => answer(jsonResponse(503, { message, code: 'speech:unavailable' })));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.message).toBe(message));
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('should send the reply text to POST /speech/speak', async () => {
    signInAs(true);
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Something went wrong.', code: 'internal' }));
    render(<SpeakButton messageId="m4" text="Read **me**" />);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/speech\/speak$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Read **me**' });
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.severity).toBe('error'));
  });
});
