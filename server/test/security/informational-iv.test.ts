import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@neura/test-kit/images';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue #40, informational items fixed in the server (the others are answered in docs/SECURITY.md,
 * the ids' steps in src/lib/ids.test.ts and the builder's text in the web's tests).
 */
describe('informational items of issue #40', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Neura</title>');
    t = await startTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('should send Referrer-Policy on Engine.IO polling answers as on every other answer', async () => {
    const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`);
    await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('should mark a persona’s link page /p/:id and its profile noindex, as share pages are', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/p/some-persona' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const profile = await t.app.inject({ method: 'GET', url: '/api/personas/default/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Other pages stay indexable.
    expect((await t.app.inject({ method: 'GET', url: '/explore' })).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('custom persona avatars with API_PREFIX="" (issue #40, informational)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ API_PREFIX: '' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('should hand out avatar addresses under the API’s own prefix, and serve them there', async () => {
    const owner = await t.seed.user();
    const auth = { authorization: `Bearer ${owner.token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/users/me/personas',
      headers: auth,
      payload: { name: 'Heron', instructions: 'You are Heron.', visibility: 'unlisted' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const withAvatar = await t.drive.creator.setAvatar(owner.id, id, await makeImage(64, 64));
    expect(withAvatar.avatarUrl).toMatch(new RegExp(`^/personas/${id}/custom-avatar/[0-9a-f]{32}$`));
    const served = await t.app.inject({ method: 'GET', url: withAvatar.avatarUrl as string, headers: auth });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
