import { crc32, deflateSync } from 'node:zlib';
import type { CustomPersona } from '@neura/contract';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A chunk as PNG writers lay it out: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** `picture` with `extra` chunks put just before IEND, i.e. after IDAT, as SillyTavern and others do. */
function withChunksAfterIdat(picture: Buffer, extra: Buffer[]): Buffer {
  const iend = picture.length - 12;
  expect(picture.toString('latin1', iend + 4, iend + 8)).toBe('IEND');
  return Buffer.concat([picture.subarray(0, iend), ...extra, picture.subarray(iend)]);
}

const tEXt = (keyword: string, text: string) => chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
const zTXt = (keyword: string, text: string) =>
  chunk('zTXt', Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), deflateSync(Buffer.from(text, 'latin1'))]));
const b64 = (json: unknown) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64');

/** The chunk texts of a PNG by keyword (an independent reader, for what the export wrote). */
function textChunks(png: Buffer): Map<string, string> {
  const found = new Map<string, string>();
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'tEXt') {
      const nul = data.indexOf(0);
      found.set(data.toString('latin1', 0, nul), data.toString('latin1', nul + 1));
    }
    at += 12 + length;
  }
  return found;
}

const v2Card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Captain Mira',
    description: '{{char}} is a starship captain who speaks to {{user}} with calm authority.',
    personality: 'Calm, brave, dry humour.',
    scenario: 'The bridge of the starship Lumen, mid-voyage.',
    first_mes: 'Welcome aboard the Lumen, {{user}}. I am {{char}}.',
    mes_example: '<START>\n{{user}}: Where are we?\n{{char}}: Past Neptune, and ahead of schedule.',
    creator_notes: 'A friendly sci-fi captain.',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: ['Captain on deck.', 'Ah, you are awake.'],
    tags: ['sci-fi', 'captain'],
    creator: 'someone',
    character_version: '1.2',
    extensions: { depth_prompt: { depth: 4, prompt: 'Stay on the bridge.' }, talkativeness: '0.5' },
    a_future_field: { kept: true },
  },
};

describe('character cards', () => {
  let t: TestApp;
  let picture: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    picture = await sharp({ create: { width: 32, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.stop());

  const upload = async (user: TestUser, bytes: Buffer | null, name = 'card.png', field = 'file') => {
    const form = new FormData();
    if (bytes) form.append(field, new Blob([new Uint8Array(bytes)]), name);
    else form.append('other', 'x');
    const res = await fetch(`${t.url}${t.apiPrefix}/users/me/personas/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as CustomPersona & { message: string } };
  };
  const exported = async (user: TestUser, id: string, query = '') => {
    const res = await fetch(`${t.url}${t.apiPrefix}/users/me/personas/${id}/card${query}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const cardOf = async (id: string) =>
    JSON.parse(
      (await t.db.selectFrom('personas').select('card').where('id', '=', id).executeTakeFirstOrThrow()).card as string,
    );

  it('should import a V2 PNG card made as other tools make them (tEXt after IDAT) as a private draft', async () => {
    const user = await t.seed.user();
    const png = withChunksAfterIdat(picture, [tEXt('chara', b64(v2Card))]);
    const res = await upload(user, png);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Captain Mira',
      greeting: 'Welcome aboard the Lumen, friend. I am Captain Mira.',
      description: 'A friendly sci-fi captain.',
      tags: ['sci-fi', 'captain'],
      visibility: 'private',
      reviewState: null,
    });
    expect(res.body.instructions).toContain('You are Captain Mira.');
    expect(res.body.instructions).toContain('Captain Mira is a starship captain who speaks to the user');
    expect(res.body.instructions).toContain('Personality: Calm, brave, dry humour.');
    expect(res.body.instructions).toContain('Scenario: The bridge of the starship Lumen');
    expect(res.body.instructions).toContain('Example messages:');
    // The card's picture is the avatar; every field of the card is kept, unknown ones too.
    expect(res.body.avatarUrl).toMatch(/avatar/);
    const kept = await cardOf(res.body.id);
    expect(kept.alternate_greetings).toEqual(['Captain on deck.', 'Ah, you are awake.']);
    expect(kept.extensions.depth_prompt).toEqual({ depth: 4, prompt: 'Stay on the bridge.' });
    expect(kept.a_future_field).toEqual({ kept: true });
    // Listed among the owner's personas; nobody else sees it.
    const other = await t.seed.user();
    expect((await exported(other, res.body.id)).status).toBe(404);
  });

  it('should prefer the V3 chunk, read zTXt, and take V1 and V3 JSON', async () => {
    const user = await t.seed.user();
    const v3 = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: { ...v2Card.data, name: 'Mira Three', group_only_greetings: [] },
    };
    const both = withChunksAfterIdat(picture, [tEXt('chara', b64(v2Card)), zTXt('ccv3', b64(v3))]);
    expect((await upload(user, both)).body.name).toBe('Mira Three');
    const v1 = {
      name: 'Old Timer',
      description: 'A V1 card.',
      first_mes: 'Howdy.',
      personality: '',
      scenario: '',
      mes_example: '',
    };
    const fromV1 = await upload(user, Buffer.from(JSON.stringify(v1)), 'old.json');
    expect(fromV1.status).toBe(201);
    expect(fromV1.body).toMatchObject({ name: 'Old Timer', greeting: 'Howdy.', description: 'A V1 card.' });
    const fromV3 = await upload(user, Buffer.from(JSON.stringify(v3)), 'v3.json');
    expect(fromV3.body.name).toBe('Mira Three');
  });

  it('should export a V3 PNG card with a V2 chunk that imports back, and its JSON', async () => {
    const user = await t.seed.user();
    const first = await upload(user, withChunksAfterIdat(picture, [tEXt('chara', b64(v2Card))]));
    const png = await exported(user, first.body.id);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    const texts = textChunks(png.bytes);
    const v3 = JSON.parse(Buffer.from(texts.get('ccv3') as string, 'base64').toString('utf8'));
    const v2 = JSON.parse(Buffer.from(texts.get('chara') as string, 'base64').toString('utf8'));
    expect(v3).toMatchObject({ spec: 'chara_card_v3', spec_version: '3.0' });
    expect(v3.data).toMatchObject({
      name: 'Captain Mira',
      personality: 'Calm, brave, dry humour.',
      alternate_greetings: ['Captain on deck.', 'Ah, you are awake.'],
      tags: ['sci-fi', 'captain'],
      group_only_greetings: [],
      a_future_field: { kept: true },
    });
    expect(v3.data.extensions.depth_prompt).toEqual({ depth: 4, prompt: 'Stay on the bridge.' });
    expect(v2).toMatchObject({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Captain Mira' } });
    expect(v2.data.group_only_greetings).toBeUndefined();
    // Still a picture any reader opens.
    expect((await sharp(png.bytes).metadata()).format).toBe('png');

    const again = await upload(user, png.bytes);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      name: first.body.name,
      greeting: first.body.greeting,
      description: first.body.description,
      instructions: first.body.instructions,
      tags: first.body.tags,
    });

    const json = await exported(user, first.body.id, '?format=json');
    expect(json.type).toContain('application/json');
    expect(JSON.parse(json.bytes.toString('utf8'))).toEqual(v3);

    // A persona made in the builder exports too: its instructions are the card's description.
    const made = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/users/me/personas`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { name: 'Plain', instructions: 'Be plain.', greeting: 'Hi.', visibility: 'private' },
    });
    const plain = JSON.parse((await exported(user, made.json().id, '?format=json')).bytes.toString('utf8'));
    expect(plain.data).toMatchObject({ name: 'Plain', description: 'Be plain.', first_mes: 'Hi.' });
    expect((await exported(user, made.json().id)).status).toBe(200);
  });

  it('should refuse bad cards with a clear 400 and store nothing', async () => {
    const user = await t.seed.user();
    const cases: [Buffer | null, string][] = [
      [null, 'No card was sent'],
      [Buffer.from('hello there'), 'not a character card'],
      [Buffer.from('{"spec": "chara_card_v2", "data": '), 'not valid JSON'],
      [
        Buffer.from(JSON.stringify({ spec: 'chara_card_v2', data: { description: 'no name' } })),
        'needs at least a name',
      ],
      [picture, 'no character card in it'],
      [withChunksAfterIdat(picture, [tEXt('chara', '%%% not base64 %%%')]), 'not valid base64'],
      [withChunksAfterIdat(picture, [tEXt('chara', Buffer.from('{broken').toString('base64'))]), 'not valid JSON'],
      [Buffer.concat([picture.subarray(0, 40)]), 'damaged or incomplete'],
    ];
    const corrupt = Buffer.from(withChunksAfterIdat(picture, [tEXt('chara', b64(v2Card))]));
    corrupt[corrupt.length - 20] = (corrupt[corrupt.length - 20] ?? 0) ^ 0xff;
    cases.push([corrupt, 'damaged or incomplete']);
    for (const [bytes, text] of cases) {
      const res = await upload(user, bytes);
      expect(res.status, text).toBe(400);
      expect(res.body.message).toContain(text);
    }
    const tooBig = await upload(user, Buffer.alloc(9 * 1024 * 1024, 0x20));
    expect(tooBig.status).toBe(413);
    const rows = await t.db.selectFrom('personas').select('id').where('owner_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
    const anonymous = await fetch(`${t.url}${t.apiPrefix}/users/me/personas/import`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('should keep card text as data and send a public card through review', async () => {
    const user = await t.seed.user();
    const hostile = {
      spec: 'chara_card_v2',
      data: { ...v2Card.data, name: 'Evil\u0007 <img src=x onerror=alert(1)>', first_mes: '<script>alert(1)</script>' },
    };
    const res = await upload(user, Buffer.from(JSON.stringify(hostile)), 'x.json');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Evil <img src=x onerror=alert(1)>');
    expect(res.body.greeting).toBe('<script>alert(1)</script>');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${t.apiPrefix}/users/me/personas/${res.body.id}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { visibility: 'public' },
    });
    expect(patched.json()).toMatchObject({ visibility: 'public', reviewState: 'pending' });
  });
});
