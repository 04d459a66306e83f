import type { DeviceSession } from '@neura/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { useAppStore } from '../store/app-store';
import SecurityPage from './security-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
let calls: Array<{ key: string; body?: Record<string, unknown> }>;
let enabled: boolean;
let sessions: DeviceSession[];

const session = (id: string, device: string, current: boolean): DeviceSession => ({
  id,
  device,
  current,
  userAgent: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  lastSeenAt: '2026-11-28T11:00:00.000Z',
});

beforeEach(() => {
  calls = [];
  enabled = false;
  sessions = [session('s1', 'Chrome · Linux', true), session('s2', 'Safari · iPhone', false)];
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
      expect.stringContaining('Chrome · LinuxThis device'),
      expect.stringContaining('Safari · iPhone'),
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'Sign out' })).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
    expect(calls.some((c) => c.key === 'DELETE /users/me/sessions/s2')).toBe(true);
  });
});
