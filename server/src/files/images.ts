import { MAX_IMAGE_PIXELS } from '@neura/contract';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';

/** Image work with sharp: reading uploads by content, and encoding results. */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const FORMATS: Record<string, ImageType> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export interface ImageBytes {
  bytes: Buffer;
  mimeType: ImageType;
  width: number;
  height: number;
}

/** Why an image could not be read (the caller turns it into its own error). */
export class ImageReadError extends Error {
  constructor(readonly reason: 'unsupported' | 'corrupt' | 'too-many-pixels') {
    super(reason);
    this.name = 'ImageReadError';
  }
}

/** A sharp pipeline over untrusted bytes: pixel-capped, failing on corrupt data. */
export const openImage = (bytes: Buffer, options: { animated?: boolean } = {}) =>
  sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning', ...options });

/** The type of an image by its content; throws ImageReadError when it is none we take. */
export async function probe(bytes: Buffer): Promise<{ mimeType: ImageType; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageReadError('unsupported');
  }
  const mimeType = meta.format ? FORMATS[meta.format] : undefined;
  if (!mimeType) throw new ImageReadError('unsupported');
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height * (meta.pages ?? 1) > MAX_IMAGE_PIXELS) throw new ImageReadError('too-many-pixels');
  return { mimeType, width, height };
}

/** Encodes a pipeline as the given type (PNG for anything lossless or unknown). */
export async function encode(pipeline: Sharp, mimeType: ImageType): Promise<ImageBytes> {
  const typed =
    mimeType === 'image/jpeg'
      ? pipeline.jpeg({ quality: 90 })
      : mimeType === 'image/webp'
        ? pipeline.webp({ quality: 90 })
        : mimeType === 'image/gif'
          ? pipeline.gif()
          : pipeline.png();
  const { data, info } = await typed.toBuffer({ resolveWithObject: true });
  const height = (info as OutputInfo & { pageHeight?: number }).pageHeight ?? info.height;
  return { bytes: data, mimeType, width: info.width, height };
}

/**
 * An upload made safe to store: type checked by content, EXIF orientation applied, metadata
 * (EXIF, GPS, ICC comments) stripped by re-encoding in the same type (animated GIFs stay animated).
 */
export async function normaliseUpload(bytes: Buffer): Promise<ImageBytes> {
  const { mimeType } = await probe(bytes);
  try {
    const pipeline = openImage(bytes, mimeType === 'image/gif' ? { animated: true } : {}).rotate();
    return await encode(pipeline, mimeType);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageReadError('too-many-pixels');
    throw new ImageReadError('corrupt');
  }
}

/** The type a result is stored as: JPEG stays JPEG, everything else becomes PNG (lossless). */
export const resultTypeFor = (source: string): ImageType => (source === 'image/jpeg' ? 'image/jpeg' : 'image/png');
