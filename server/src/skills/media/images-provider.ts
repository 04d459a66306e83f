import type { Config } from '../../config.js';
import { FormData } from '../http/provider-client.js';
import { SafeHttpError } from '../http/safe-client.js';
import { SkillError } from '../skill-error.js';
import type { RunContext } from '../skill-tool.js';
import { joinUrl } from '../text.js';

/**
 * The OpenAI-compatible images API (OpenAI, Azure OpenAI, LocalAI's Stable Diffusion backends):
 * `POST /images/generations` (JSON) and `POST /images/edits` (multipart: `image` and `mask` as
 * files with their real types), answered with `b64_json` (or a `url`, fetched through the
 * SSRF-safe client). Bytes go to the provider; never into messages.
 */

export const IMAGES_LABEL = 'image service';
const DEFAULT_BASE = 'https://api.openai.com/v1';
/** Image calls are slow (tens of seconds at OpenAI): the provider gets this long per request. */
export const IMAGE_REQUEST_MS = 170_000;
const MAX_ANSWER_BYTES = 60 * 1024 * 1024;
const MAX_IMAGE_BYTES = 40 * 1024 * 1024;

export const imagesConfigured = (config: Config) =>
  config.IMAGES_BASE_URL !== undefined || config.IMAGES_API_KEY !== undefined;

interface ImagesAnswer {
  data?: Array<{ b64_json?: string; url?: string }>;
}

export interface ImageFilePart {
  bytes: Buffer;
  mimeType: string;
  filename: string;
}

const baseOf = (config: Config) => config.IMAGES_BASE_URL ?? DEFAULT_BASE;
const authOf = (config: Config): Record<string, string> =>
  config.IMAGES_API_KEY ? { authorization: `Bearer ${config.IMAGES_API_KEY}` } : {};
/** gpt-image-* always answer base64 and refuse `response_format`; DALL·E and LocalAI need it. */
const wantsResponseFormat = (model: string) => !model.startsWith('gpt-image');

/** What a picture request needs of a skill's context (a reply's, or the avatar maker's). */
export type ImagesContext = Pick<RunContext, 'http' | 'config' | 'signal'>;

async function resultBytes(ctx: ImagesContext, answer: ImagesAnswer | undefined): Promise<Buffer> {
  const first = answer?.data?.[0];
  if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
  if (first?.url) {
    try {
      const res = await ctx.http.safe.request(first.url, {
        signal: ctx.signal,
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: 60_000,
      });
      if (res.status < 200 || res.status >= 300)
        throw new SkillError(`The ${IMAGES_LABEL} sent a picture that could not be downloaded.`);
      return res.body;
    } catch (error) {
      if (error instanceof SafeHttpError)
        throw new SkillError(`The ${IMAGES_LABEL}'s picture could not be downloaded: ${error.message}`);
      throw error;
    }
  }
  throw new SkillError(`The ${IMAGES_LABEL} answered without a picture.`);
}

export async function generateImage(ctx: ImagesContext, prompt: string, size?: string): Promise<Buffer> {
  const model = ctx.config.IMAGES_MODEL;
  const { data } = await ctx.http.provider.json<ImagesAnswer>(joinUrl(baseOf(ctx.config), 'images/generations'), {
    provider: IMAGES_LABEL,
    headers: authOf(ctx.config),
    json: {
      model,
      prompt,
      n: 1,
      ...(size ? { size } : {}),
      ...(wantsResponseFormat(model) ? { response_format: 'b64_json' } : {}),
    },
    signal: ctx.signal,
    timeoutMs: IMAGE_REQUEST_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  return resultBytes(ctx, data);
}

/** An edit: the picture, an optional mask (PNG, alpha 0 = change here), the instruction. */
export async function editImage(
  ctx: RunContext,
  input: { image: ImageFilePart; mask?: ImageFilePart; prompt: string; size?: string },
): Promise<Buffer> {
  const model = ctx.config.IMAGES_MODEL;
  const form = new FormData();
  form.append('model', model);
  form.append('prompt', input.prompt);
  form.append('n', '1');
  if (input.size) form.append('size', input.size);
  if (wantsResponseFormat(model)) form.append('response_format', 'b64_json');
  const file = (part: ImageFilePart) => new Blob([new Uint8Array(part.bytes)], { type: part.mimeType });
  form.append('image', file(input.image), input.image.filename);
  if (input.mask) form.append('mask', file(input.mask), input.mask.filename);
  const { data } = await ctx.http.provider.json<ImagesAnswer>(joinUrl(baseOf(ctx.config), 'images/edits'), {
    provider: IMAGES_LABEL,
    headers: authOf(ctx.config),
    form,
    signal: ctx.signal,
    timeoutMs: IMAGE_REQUEST_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  return resultBytes(ctx, data);
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const filenameFor = (name: string, mimeType: string) => `${name}.${EXTENSIONS[mimeType] ?? 'png'}`;
