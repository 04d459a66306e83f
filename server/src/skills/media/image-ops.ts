import { MAX_IMAGE_PIXELS } from '@neura/contract';
import sharp from 'sharp';
import { encode, type ImageBytes, ImageReadError, openImage, probe, resultTypeFor } from '../../files/images.js';
import { SkillError } from '../skill-error.js';
import type { SourceImage } from './skill-files.js';

/** The local picture work of the image skills (sharp): rotate, resize, restore, mask composite. */

/** The longest side a resized picture may have. */
export const MAX_SIDE = 4096;

const unreadable = () => new SkillError('The picture could not be processed.');

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw unreadable();
  }
}

export function rotate(source: SourceImage, degrees: number): Promise<ImageBytes> {
  if (!Number.isFinite(degrees)) throw new SkillError('The angle must be a number of degrees.');
  const angle = ((degrees % 360) + 360) % 360;
  const right = angle % 90 === 0;
  return run(() =>
    encode(
      openImage(source.bytes).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }),
      // Other angles leave transparent corners: PNG keeps them.
      right ? resultTypeFor(source.mimeType) : 'image/png',
    ),
  );
}

export function resize(source: SourceImage, size: { width?: number; height?: number }): Promise<ImageBytes> {
  const { width, height } = size;
  if (width === undefined && height === undefined) throw new SkillError('Give a width, a height, or both (in pixels).');
  if ((width ?? 0) > MAX_SIDE || (height ?? 0) > MAX_SIDE)
    throw new SkillError(`Pictures can be at most ${MAX_SIDE} pixels on a side.`);
  // One side given: the other follows the picture's ratio. Both given: exactly that size.
  const w = width ?? Math.max(1, Math.round((source.width * (height as number)) / source.height));
  const h = height ?? Math.max(1, Math.round((source.height * (width as number)) / source.width));
  if (w > MAX_SIDE || h > MAX_SIDE || w * h > MAX_IMAGE_PIXELS)
    throw new SkillError(`Pictures can be at most ${MAX_SIDE} pixels on a side.`);
  return run(() => encode(openImage(source.bytes).resize(w, h, { fit: 'fill' }), resultTypeFor(source.mimeType)));
}

/** The keyless restore: denoise (median 3), stretch the levels, sharpen. */
export function restoreLocally(source: SourceImage): Promise<ImageBytes> {
  return run(() => encode(openImage(source.bytes).median(3).normalise().sharpen(), resultTypeFor(source.mimeType)));
}

/** A picture a provider sent, checked to be one (its own type kept when it is one we store). */
export async function providerImage(bytes: Buffer, label: string): Promise<ImageBytes> {
  try {
    const { mimeType, width, height } = await probe(bytes);
    if (mimeType === 'image/png' || mimeType === 'image/jpeg' || mimeType === 'image/webp')
      return { bytes, mimeType, width, height };
    return await encode(openImage(bytes), 'image/png');
  } catch (error) {
    if (error instanceof ImageReadError) throw new SkillError(`The ${label} sent something that is not a picture.`);
    throw error;
  }
}

/** A picture as providers take it: PNG, JPEG and WebP as they are; anything else as PNG. */
export async function forProvider(source: SourceImage): Promise<{ bytes: Buffer; mimeType: string }> {
  if (['image/png', 'image/jpeg', 'image/webp'].includes(source.mimeType))
    return { bytes: source.bytes, mimeType: source.mimeType };
  return run(async () => ({
    bytes: (await encode(openImage(source.bytes), 'image/png')).bytes,
    mimeType: 'image/png',
  }));
}

/**
 * The provider's edit laid back over the original through the mask (OpenAI's convention: alpha 0
 * = change here, opaque = keep): out = edited·(1−a) + original·a with a = mask alpha / 255, so
 * every pixel the user did not paint keeps the original's exact values. Encoded as PNG (lossless).
 */
export async function compositeThroughMask(
  original: SourceImage,
  mask: SourceImage,
  edited: Buffer,
): Promise<ImageBytes> {
  const { width, height } = original;
  return run(async () => {
    const [base, over, alpha] = await Promise.all([
      openImage(original.bytes).ensureAlpha().raw().toBuffer(),
      openImage(edited).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer(),
      openImage(mask.bytes).resize(width, height, { fit: 'fill' }).ensureAlpha().extractChannel(3).raw().toBuffer(),
    ]);
    const out = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const keep = alpha[i] as number;
      for (let c = 0; c < 4; c++) {
        const at = i * 4 + c;
        const o = base[at] as number;
        out[at] = keep === 255 ? o : Math.round(((over[at] as number) * (255 - keep) + o * keep) / 255);
      }
    }
    return encode(sharp(out, { raw: { width, height, channels: 4 } }), 'image/png');
  });
}
