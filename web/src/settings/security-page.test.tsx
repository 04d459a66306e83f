import type { DeviceSession } from '@neura/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import SecurityPage from './security-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
let calls: Array<{ key: string; body?: Record<string, unknown> }>;
let enabled: boolean;
let sessions: DeviceSession[];
let identities: Array<{ id: string; provider: string; providerName: string; email: string; createdAt: string }>;
/** Whether the session has a recent proof (else the server asks for one). */
let recent: boolean;
const REAUTH = { message: 'Please confirm it’s you first.', code: 'auth:reauth-required' };

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const session = (id: string, device: string, current: boolean, userAgent: string | null = null): DeviceSession => ({
  id,
  device,
  current,
  userAgent,
  ip: current ? '203.0.113.7' : null,
  createdAt: '2026-11-28T10:00:00.000Z',
  lastSeenAt: '2026-11-28T11:00:00.000Z',
});

beforeEach(() => {
  calls = [];
  enabled = false;
  sessions = [
    session('s1', 'Chrome · Android', true, CHROME_ANDROID),
    session('s2', 'Safari · iPhone', false, SAFARI_IPHONE),
  ];
  identities = [];
  recent = true;
  useToastStore.setState({ toasts: [] });
  queryClient.clear();
  useAppStore.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://x').pathname.replace(/^\/api/, '')}`;
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ key, body });
      if (key === 'GET /users/me/passkeys') return json([]);
      if (key === 'GET /users/me/2fa') return json({ enabled, backupCodesLeft: enabled ? 10 : 0 });
      if (key === 'GET /users/me/sessions') return json(sessions);
      if (key === 'POST /users/me/2fa/setup')
        return json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Neura:a%40b.c?secret=JBSWY3DPEHPK3PXP' });
      if (key === 'POST /users/me/2fa/enable') {
        if (body?.code !== '123456')
          return json(
            { message: 'That code is not correct. Please check it and try again.', code: 'auth:code-invalid' },
            400,
          );
        enabled = true;
        return json({ backupCodes: CODES });
      }
      if (key === 'GET /users/me/identities') return json(identities);
      if (key === 'POST /users/me/reauth') {
        if (body?.password !== 'right')
          return json({ message: 'The password is wrong.', code: 'auth:wrong-password' }, 400);
        recent = true;
        return json({ success: true });
      }
      if (key.startsWith('DELETE') && !recent) return json(REAUTH, 403);
      if (key === 'DELETE /users/me/identities/i1') {
        if (identities.length === 1)
          return json({ message: 'This is your only way to sign in.', code: 'auth:last-sign-in' }, 409);
        identities = identities.filter((i) => i.id !== 'i1');
        return json({ success: true });
      }
      if (key === 'DELETE /users/me/sessions/s2') {
        sessions = sessions.filter((s) => s.id !== 's2');
        return json({ success: true });
      }
      return json({ message: 'no route', code: 'not-found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('/settings/security (issue #47)', () => {
  it('should turn on two-step verification with the QR code and a code, and show the backup codes once', async () => {
    render(<SecurityPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /users/me/2fa/enable')).toHaveLength(1));
    expect(screen.queryByTestId('backup-codes')).toBeNull();
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    const list = await screen.findByTestId('backup-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByTestId('backup-codes')).toBeNull();
    expect((await screen.findByTestId('two-factor-state')).textContent).toBe('On · 10 backup codes left');
  });

  it('should list the devices with this one marked, and sign another one out', async () => {
    render(<SecurityPage />);
    const rows = await screen.findAllByTestId('device-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Chrome on Android · 203.0.113.7This device'),
      expect.stringContaining('Safari on iPhone'),
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'Sign out' })).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
    expect(calls.some((c) => c.key === 'DELETE /users/me/sessions/s2')).toBe(true);
  });

  it('should show where each device is: browser, operating system and address', async () => {
    sessions.push(session('s3', 'SomeBot/1.0', false, 'SomeBot/1.0'), session('s4', '?', false));
    render(<SecurityPage />);
    expect((await screen.findByTestId('device-address')).textContent).toBe('203.0.113.7');
    expect(screen.getAllByTestId('device-address')).toHaveLength(1);
    expect(screen.getAllByTestId('device-place').map((p) => p.firstChild?.textContent)).toEqual([
      'Chrome on Android',
      'Safari on iPhone',
      'SomeBot/1.0',
      'Unknown device',
    ]);
  });

  it('should ask to confirm it is you when the server wants a recent proof, then sign the device out', async () => {
    recent = false;
    render(<SecurityPage />);
    const rows = await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByTestId('reauth-dialog');
    expect(screen.getAllByTestId('device-row')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The password is wrong.');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
    expect(screen.queryByTestId('reauth-dialog')).toBeNull();
    expect(calls.filter((c) => c.key === 'DELETE /users/me/sessions/s2')).toHaveLength(2);
  });

  it('should leave the device signed in when the confirmation is cancelled', async () => {
    recent = false;
    render(<SecurityPage />);
    const rows = await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out' }));
    fireEvent.click(within(await screen.findByTestId('reauth-dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('reauth-dialog')).toBeNull());
    expect(screen.getAllByTestId('device-row')).toHaveLength(2);
    expect(calls.filter((c) => c.key === 'DELETE /users/me/sessions/s2')).toHaveLength(1);
  });

  it('should list linked accounts, refuse unlinking the last way in with the server’s words, and unlink', async () => {
    const linked = {
      provider: 'google',
      providerName: 'Google',
      email: 'ada@gmail.com',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    identities = [{ id: 'i1', ...linked }];
    render(<SecurityPage />);
    const row = await screen.findByTestId('identity-row');
    expect(row.textContent).toContain('Google');
    expect(row.textContent).toContain('ada@gmail.com');
    expect(row.textContent).toContain('Linked');
    fireEvent.click(within(row).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        severity: 'error',
        message: 'This is your only way to sign in.',
      }),
    );
    expect(screen.getAllByTestId('identity-row')).toHaveLength(1);

    identities = [
      { id: 'i1', ...linked },
      { id: 'i2', ...linked, provider: 'apple', providerName: 'Apple' },
    ];
    queryClient.clear();
    render(<SecurityPage />);
    const rows = await screen.findAllByTestId('identity-row');
    const google = rows.find((r) => r.textContent?.includes('Google')) as HTMLElement;
    fireEvent.click(within(google).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'DELETE /users/me/identities/i1')).toHaveLength(2));
    await waitFor(() => expect(identities.map((i) => i.id)).toEqual(['i2']));
  });
});
