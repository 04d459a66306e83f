import type { Persona } from '@neura/contract';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('personas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('should list only published personas, publicly, with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Persona[];
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(list.every((p) => p.published)).toBe(true);
    expect(list.find((p) => p.id === 'lab-experimental')).toBeUndefined();
    expect(list[0]).not.toHaveProperty('systemPrompt');
    // The greeting is public: an empty chat shows it as its first bubble.
    expect(list.find((p) => p.id === 'default')?.greeting).toBe('Hi! I am Neura. What can I help you with today?');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/personas',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('should serve icon and background SVGs by id, and 404 unpublished or unknown ones', async () => {
    for (const kind of ['icon', 'background']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/personas/default/${kind}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body.startsWith('<svg')).toBe(true);
      expect(res.body).toContain('linearGradient');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/personas/lab-experimental/icon.svg' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/personas/nope/icon.svg' })).statusCode).toBe(404);
  });

  it('should serve icon and background WebPs by id (with an ETag), and 404 unpublished or unknown ones', async () => {
    for (const [kind, width] of [
      ['icon', 144],
      ['background', 800],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/personas/default/${kind}.webp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/personas/default/${kind}.webp`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
    for (const id of ['lab-experimental', 'nope'])
      expect((await t.app.inject({ method: 'GET', url: `/api/personas/${id}/icon.webp` })).statusCode).toBe(404);
  });

  it('should not re-add seed personas an admin changed, and add missing ones on start', async () => {
    const { personas } = t.drive;
    const records = await personas.exportRecords();
    const bard = records.find((p) => p.id === 'the-bard');
    expect(bard).toBeTruthy();
    await personas.importRecords([{ ...bard, published: false }]);
    expect(await personas.seedCatalog()).toBe(0);
    expect(await personas.getPublished('the-bard')).toBeUndefined();
    await personas.importRecords([{ ...bard, published: true }]);
  });

  it('should refuse an invalid import with a clear message', async () => {
    await expect(t.drive.personas.importRecords([{ id: 'x', name: '' }])).rejects.toThrow(/Invalid persona at 0/);
  });
});
