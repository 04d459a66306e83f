import sharp from 'sharp';

/**
 * Pictures for tests (real encoders, sharp): solid or two-colour images of a given size, canvas
 * masks in OpenAI's convention, and an upload helper for `POST /files`.
 */

export type TestImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A `width`×`height` image: the left half `left`, the right half `right` (RGB). */
export async function makeImage(
  width: number,
  height: number,
  options: {
    format?: TestImageFormat;
    left?: [number, number, number];
    right?: [number, number, number];
    /** EXIF orientation tag (1–8) written into the file (JPEG/WebP/PNG). */
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const left = options.left ?? [255, 0, 0];
  const right = options.right ?? left;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(x < width / 2 ? left : right, (y * width + x) * 3);
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  const format = options.format ?? 'png';
  return image.toFormat(format).toBuffer();
}

/**
 * A canvas mask (OpenAI's convention): a PNG of the image's size, transparent (alpha 0) where the
 * picture may change, opaque elsewhere. `editable(x, y)` says which pixels were painted.
 */
export async function makeMask(
  width: number,
  height: number,
  editable: (x: number, y: number) => boolean,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([0, 0, 0, editable(x, y) ? 0 : 255], (y * width + x) * 4);
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Decoded RGBA pixels of an image (for exact comparisons). */
export async function rgbaOf(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface UploadAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the 201 file or the error body.
  body: any;
}

/** `POST <apiBase>/files` as a browser sends it (multipart, field `file`, optional `purpose`). */
export async function uploadFile(
  apiBase: string,
  token: string,
  bytes: Buffer,
  options: { purpose?: 'attachment' | 'mask'; filename?: string; type?: string; field?: string } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'picture.png',
  );
  if (options.purpose) form.append('purpose', options.purpose);
  const res = await fetch(`${apiBase}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
