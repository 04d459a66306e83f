import { crc32, inflateSync } from 'node:zlib';

/** A PNG's text chunks (`tEXt`, `zTXt`, `iTXt`) and the bytes around them, read and written. */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class PngError extends Error {}

export interface PngChunk {
  type: string;
  data: Buffer;
}

export const isPng = (bytes: Buffer) => bytes.length >= 8 && bytes.subarray(0, 8).equals(SIGNATURE);

/** The chunks of a PNG, CRCs checked; throws PngError when it is not a whole PNG. */
export function readChunks(bytes: Buffer): PngChunk[] {
  if (!isPng(bytes)) throw new PngError('not a PNG');
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new PngError('truncated chunk');
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new PngError('truncated chunk');
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError('bad chunk type');
    const crc = bytes.readUInt32BE(end - 4);
    if (crc32(bytes.subarray(at + 4, end - 4)) !== crc) throw new PngError(`bad CRC in ${type}`);
    chunks.push({ type, data: bytes.subarray(at + 8, end - 4) });
    at = end;
    if (type === 'IEND') break;
  }
  if (chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') throw new PngError('missing IHDR or IEND');
  return chunks;
}

/** A PNG of these chunks. */
export function writeChunks(chunks: PngChunk[]): Buffer {
  const parts: Buffer[] = [SIGNATURE];
  for (const { type, data } of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    parts.push(head, data, crc);
  }
  return Buffer.concat(parts);
}

/** A `tEXt` chunk: keyword, NUL, Latin-1 text (a card's base64 is ASCII). */
export function textChunk(keyword: string, text: string): PngChunk {
  return {
    type: 'tEXt',
    data: Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]),
  };
}

/**
 * The text of every `tEXt`, `zTXt` and `iTXt` chunk by keyword (the first of each keyword wins).
 * Compressed text is inflated to at most `maxText` bytes (a zip bomb stops there); a chunk that
 * cannot be read is skipped.
 */
export function textsOf(chunks: PngChunk[], maxText: number): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { type, data } of chunks) {
    if (type !== 'tEXt' && type !== 'zTXt' && type !== 'iTXt') continue;
    const nul = data.indexOf(0);
    if (nul < 1 || nul > 79) continue;
    const keyword = data.toString('latin1', 0, nul);
    if (texts.has(keyword)) continue;
    const text = chunkText(type, data.subarray(nul + 1), maxText);
    if (text !== undefined) texts.set(keyword, text);
  }
  return texts;
}

function inflated(data: Buffer, maxText: number): Buffer | undefined {
  try {
    return inflateSync(data, { maxOutputLength: maxText });
  } catch {
    return undefined;
  }
}

function chunkText(type: string, rest: Buffer, maxText: number): string | undefined {
  if (type === 'tEXt') return rest.length > maxText ? undefined : rest.toString('latin1');
  if (type === 'zTXt') {
    // Compression method (0), then the zlib stream.
    return inflated(rest.subarray(1), maxText)?.toString('latin1');
  }
  // iTXt: compressed flag, method, language tag NUL, translated keyword NUL, UTF-8 text.
  const compressed = rest[0] === 1;
  const language = rest.indexOf(0, 2);
  const translated = language < 0 ? -1 : rest.indexOf(0, language + 1);
  if (translated < 0) return undefined;
  const body = rest.subarray(translated + 1);
  if (!compressed) return body.length > maxText ? undefined : body.toString('utf8');
  return inflated(body, maxText)?.toString('utf8');
}
