import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Start-up on the web (issue #50, the first page's LCP): Explore's catalog is asked for beside the
 * server check, not after its answer, and used only once the server is known to be online.
 */
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const persona = {
  id: 'default',
  icon: '/api/personas/default/icon.svg',
  name: 'Neura',
  description: 'The assistant',
  cost: 1,
  tags: [],
  published: true,
  requiresPro: false,
  includedSkills: [],
};

/** A server whose check (`GET /api/`) answers only when `answer` is called. */
function serverHoldingItsCheck(info: unknown) {
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const fetchMock = vi.fn(async (url: string) => {
    if (url.endsWith('/personas')) return json([persona]);
    await held;
    return json(info);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer };
}

const asked = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('web start-up', () => {
  it('should ask for the personas while the server check is still pending, and show them once it is online', async () => {
    const { fetchMock, answer } = serverHoldingItsCheck({ message: 'OK', version: '1.0.0', supportedClientRange: '*' });
    const { useStartup } = await import('./use-startup');
    const { usePersonas } = await import('../store/personas');
    const { useAppStore } = await import('../store/app-store');
    renderHook(() => useStartup());
    await waitFor(() => expect(asked(fetchMock).some((u) => u.endsWith('/personas'))).toBe(true));
    expect(useAppStore.getState().serverOnline).not.toBe(true);
    expect(usePersonas.getState().personas).toEqual([]);
    answer();
    await waitFor(() => expect(usePersonas.getState().personas.map((p) => p.id)).toEqual(['default']));
    expect(useAppStore.getState().serverOnline).toBe(true);
  });

  it('should leave the personas unused when the server says it is offline', async () => {
    const { answer } = serverHoldingItsCheck({ message: 'maintenance', version: '1.0.0', supportedClientRange: '*' });
    const { useStartup } = await import('./use-startup');
    const { usePersonas } = await import('../store/personas');
    const { useAppStore } = await import('../store/app-store');
    renderHook(() => useStartup());
    answer();
    await waitFor(() => expect(useAppStore.getState().serverOnline).toBe(false));
    expect(usePersonas.getState().personas).toEqual([]);
  });
});
