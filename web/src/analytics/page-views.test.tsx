import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsSetting } from './analytics-setting';
import { pageViewPath, sendPageView, setAnalyticsOptOut, useAnalyticsOptOut } from './page-views';

/** A local stand-in for a Plausible-compatible analytics server (POST /api/event). */
let server: http.Server;
let endpoint = '';
let received: Array<{ path: string; contentType?: string; body: Record<string, unknown> }> = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(data) });
      res.writeHead(202, { 'Access-Control-Allow-Origin': '*' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  setAnalyticsOptOut(false);
});

describe('page views', () => {
  it('should send a page view with the route pattern, never the chat id', async () => {
    const sent = await sendPageView('/chats/c8f2a9', {
      config: { endpoint, domain: 'neura.example' },
      referrer: '',
    });
    expect(sent).toBe(true);
    expect(received).toEqual([
      {
        path: '/api/event',
        contentType: expect.stringMatching(/^text\/plain/),
        body: { name: 'pageview', url: 'https://neura.example/chats/:chatId', domain: 'neura.example', referrer: null },
      },
    ]);
  });

  it('should send nothing when no analytics endpoint is configured', async () => {
    expect(await sendPageView('/', { config: { domain: 'neura.example' } })).toBe(false);
    expect(received).toEqual([]);
  });

  it('should send nothing once the user opted out, and again after opting back in', async () => {
    setAnalyticsOptOut(true);
    expect(await sendPageView('/settings', { config: { endpoint, domain: 'neura.example' } })).toBe(false);
    expect(received).toEqual([]);
    setAnalyticsOptOut(false);
    expect(await sendPageView('/settings', { config: { endpoint, domain: 'neura.example' } })).toBe(true);
    expect(received).toHaveLength(1);
  });

  it('should keep other paths as they are', () => {
    expect(pageViewPath('/settings/credits')).toBe('/settings/credits');
    expect(pageViewPath('/chats')).toBe('/chats');
  });
});

describe('analytics switch in Settings', () => {
  it('should persist the opt-out when switched off and honour it', async () => {
    render(
      <MemoryRouter>
        <AnalyticsSetting />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Anonymous usage statistics' });
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(localStorage.getItem('neura:analytics-opt-out')).toBe('1');
    expect(useAnalyticsOptOut.getState().optedOut).toBe(true);
    expect(await sendPageView('/', { config: { endpoint, domain: 'neura.example' } })).toBe(false);
    expect(received).toEqual([]);
  });
});
