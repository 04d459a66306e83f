import { createHash } from 'node:crypto';
import { AVATAR_SIZE_PX, MAX_AVATAR_BYTES, MAX_IMAGE_PIXELS } from '@neura/contract';
import sharp from 'sharp';
import type { PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { PersonaRepository } from './repository.js';

/**
 * Persona avatars (issue #28; reused by people's own personas, #29): an uploaded picture checked
 * by content with sharp, cropped to a square and stored as a 512×512 WebP in the file store, its
 * key in `personas.avatar`. Who may upload and who may see it is the caller's rule.
 */

/** Where the bytes live: the app's file store (disk or S3), structurally (files/ is a layer above). */
export interface AvatarStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

export const AVATAR_MIME_TYPE = 'image/webp';

export const avatarTexts = {
  none: 'No picture was sent. Send a PNG, JPEG, WebP or GIF image.',
  notImage: 'The file is not a picture this app takes. Upload a PNG, JPEG, WebP or GIF image.',
  corrupt: 'The picture could not be read; it may be damaged. Try another file.',
  tooLarge: `The picture is larger than ${MAX_AVATAR_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: 'The picture has too many pixels. Use one of at most 40 megapixels.',
  noAvatar: 'This persona has no uploaded avatar.',
  unknownPersona: 'That persona does not exist.',
} as const;

const TAKEN = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * The avatar as stored: a 512×512 WebP (cover-cropped from the centre, EXIF orientation applied,
 * metadata dropped). Nothing is stored when this throws: 400 `file:invalid` for anything that is
 * not a picture we take, 413 `file:too-large` over the size or pixel limit.
 */
export async function normaliseAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError('file:invalid', avatarTexts.none);
  if (bytes.length > MAX_AVATAR_BYTES) throw new AppError('file:too-large', avatarTexts.tooLarge);
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  } catch {
    throw new AppError('file:invalid', avatarTexts.notImage);
  }
  if (!format || !TAKEN.has(format)) throw new AppError('file:invalid', avatarTexts.notImage);
  if (pixels > MAX_IMAGE_PIXELS) throw new AppError('file:too-large', avatarTexts.tooManyPixels);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 86 })
      .toBuffer();
  } catch {
    throw new AppError('file:invalid', avatarTexts.corrupt);
  }
}

/** An avatar's bytes with what its response needs. */
export interface AvatarFile {
  bytes: Buffer;
  mimeType: typeof AVATAR_MIME_TYPE;
  etag: string;
}

export class PersonaAvatars {
  constructor(
    private readonly personas: Pick<PersonaRepository, 'findById' | 'setAvatar'>,
    private readonly store: AvatarStore,
  ) {}

  /**
   * Stores `bytes` as the persona's avatar (replacing the old one, whose bytes are removed after
   * the row points at the new key). Answers the stored size and the persona's new update time.
   */
  async save(personaId: string, bytes: Buffer): Promise<{ size: number; previous: string | null; updatedAt: string }> {
    const row = await this.personas.findById(personaId);
    if (!row) throw new AppError('not-found', avatarTexts.unknownPersona);
    const webp = await normaliseAvatar(bytes);
    const key = `avatars/${newId()}`;
    await this.store.put(key, webp);
    const updatedAt = nowIso();
    try {
      await this.personas.setAvatar(personaId, key, updatedAt);
    } catch (error) {
      await this.store.delete(key).catch(() => undefined);
      throw error;
    }
    if (row.avatar) await this.store.delete(row.avatar).catch(() => undefined);
    return { size: webp.length, previous: row.avatar ?? null, updatedAt };
  }

  /** Removes the persona's avatar (the generated art shows again); false when it had none. */
  async remove(personaId: string): Promise<boolean> {
    const row = await this.personas.findById(personaId);
    if (!row) throw new AppError('not-found', avatarTexts.unknownPersona);
    if (!row.avatar) return false;
    await this.personas.setAvatar(personaId, null, nowIso());
    await this.store.delete(row.avatar).catch(() => undefined);
    return true;
  }

  /**
   * The avatar of the persona when `visible(row)` allows it; 404 `not-found` otherwise (unknown,
   * not visible and no avatar answer alike).
   */
  async read(personaId: string, visible: (row: PersonaRow) => boolean): Promise<AvatarFile> {
    const row = await this.personas.findById(personaId);
    const bytes = row?.avatar && visible(row) ? await this.store.get(row.avatar) : undefined;
    if (!row?.avatar || !bytes) throw new AppError('not-found', avatarTexts.noAvatar);
    return {
      bytes,
      mimeType: AVATAR_MIME_TYPE,
      etag: `"${createHash('sha1').update(row.avatar).digest('base64url')}"`,
    };
  }
}

/** Catalog personas anyone may see: the operator's (no owner), published. */
export const isPublishedCatalogPersona = (row: PersonaRow): boolean => row.owner_id == null && row.published === 1;
