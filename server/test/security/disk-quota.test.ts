import { randomBytes } from 'node:crypto';
import { uploadFile } from '@neura/test-kit/images';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** N13: a user's files (uploads and generated ones) stop at FILES_QUOTA_MB, with a clear error. */
describe('N13: per-user disk quota', () => {
  let t: TestApp;
  const QUOTA = 1_048_576;

  beforeAll(async () => {
    t = await startTestApp({ FILES_QUOTA_MB: '1' });
  });
  afterAll(async () => t?.stop());

  /** A picture that does not compress: ~300 KB as PNG. */
  const noise = () =>
    sharp(randomBytes(320 * 320 * 3), { raw: { width: 320, height: 320, channels: 3 } })
      .png()
      .toBuffer();
  const used = async (userId: string) =>
    (await t.db.selectFrom('files').select('size').where('user_id', '=', userId).execute()).reduce(
      (sum, r) => sum + r.size,
      0,
    );

  it('should refuse uploads and generated files past the quota, and keep other users unaffected', async () => {
    const user = await t.seed.user();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await uploadFile(`${t.url}${t.apiPrefix}`, user.token, await noise()));
    const refused = answers.filter((a) => a.status === 413);
    expect(answers[0]?.status).toBe(201);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.body).toMatchObject({
      code: 'file:quota-exceeded',
      message:
        'Your files have reached the 1 MB storage limit. Delete chats with pictures or music you no longer need to make room.',
    });
    expect(await used(user.id)).toBeLessThanOrEqual(QUOTA);

    await expect(
      t.drive.files.saveResult(user.id, null, { bytes: Buffer.alloc(QUOTA / 2), mimeType: 'audio/mpeg' }),
    ).rejects.toMatchObject({ code: 'file:quota-exceeded' });
    expect(await used(user.id)).toBeLessThanOrEqual(QUOTA);

    const other = await t.seed.user();
    expect((await uploadFile(`${t.url}${t.apiPrefix}`, other.token, await noise())).status).toBe(201);
  });
});
