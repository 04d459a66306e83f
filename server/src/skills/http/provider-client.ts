import { Agent, FormData, fetch as undiciFetch } from 'undici';

/** Multipart bodies for providers: undici's FormData (its File parts carry their type). */
export { FormData };

import { SkillError } from '../skill-error.js';

/**
 * The provider client: for the base URLs the operator configured (SearXNG on the LAN, a paid API,
 * a local fake in tests). The operator chose these hosts, so no address rule applies; what it adds
 * is a time cap, a size cap and readable errors. Every other URL goes through the SSRF-safe client.
 */

export interface ProviderRequest {
  /** The provider's name as users read it in an error ("the search service"). */
  provider: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** JSON body (POST). */
  json?: unknown;
  /** Multipart body (POST); each file part carries its own type. */
  form?: FormData;
  /** Answer size cap in bytes (default 5 MB). */
  maxBytes?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Statuses answered as data instead of an error (e.g. RDAP's 404 "not registered"). */
  acceptStatuses?: readonly number[];
}

export interface ProviderResponse<T> {
  status: number;
  data: T;
}

const MAX_BYTES = 5 * 1024 * 1024;

/** A provider answered with an error status, or not at all. */
export class ProviderError extends SkillError {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export function providerErrorMessage(provider: string, status: number, detail?: string): string {
  const suffix = detail ? ` (${detail.slice(0, 200)})` : '';
  if (status === 401 || status === 403)
    return `The ${provider} refused the request (HTTP ${status}); its key or settings on this server may be wrong${suffix}.`;
  if (status === 429) return `The ${provider} is busy and limiting requests (HTTP 429). Try again in a minute.`;
  if (status >= 500) return `The ${provider} failed (HTTP ${status}). Try again later.`;
  return `The ${provider} could not answer this request (HTTP ${status})${suffix}.`;
}

export class ProviderClient {
  private readonly agent = new Agent({ headersTimeout: 20_000, bodyTimeout: 20_000, connect: { timeout: 10_000 } });

  /** One exchange; the answer's bytes (capped) with its status and type. */
  private async exchange(
    url: string | URL,
    request: ProviderRequest,
    accept: string,
  ): Promise<{ status: number; body: Buffer; contentType: string }> {
    const timeout = AbortSignal.timeout(request.timeoutMs ?? 10_000);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const maxBytes = request.maxBytes ?? MAX_BYTES;
    const headers: Record<string, string> = { accept, ...request.headers };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    const body = request.form ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
    const tooLarge = (status?: number) =>
      new ProviderError(`The ${request.provider} sent an answer that is too large.`, status);
    try {
      const response = await undiciFetch(url, {
        dispatcher: this.agent,
        method: request.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal,
      });
      const status = response.status;
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > maxBytes) {
        await response.body?.cancel();
        throw tooLarge(status);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body ?? []) {
        total += (chunk as Uint8Array).length;
        if (total > maxBytes) throw tooLarge(status);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
      return { status, body: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? '' };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      if (timeout.aborted) throw new ProviderError(`The ${request.provider} took too long to answer.`);
      throw new ProviderError(`The ${request.provider} could not be reached.`);
    }
  }

  /** An answer that is not JSON (audio, images): its bytes and type; error statuses as ProviderError. */
  async bytes(url: string | URL, request: ProviderRequest): Promise<{ body: Buffer; contentType: string }> {
    const { status, body, contentType } = await this.exchange(url, request, '*/*');
    if (status < 200 || status >= 300) {
      let data: unknown;
      try {
        data = JSON.parse(body.toString('utf8'));
      } catch {
        data = undefined;
      }
      throw new ProviderError(providerErrorMessage(request.provider, status, errorDetail(data)), status);
    }
    return { body, contentType };
  }

  async json<T>(url: string | URL, request: ProviderRequest): Promise<ProviderResponse<T>> {
    const answer = await this.exchange(url, request, 'application/json');
    const status = answer.status;
    const text = answer.body.toString('utf8');
    const ok = (status >= 200 && status < 300) || (request.acceptStatuses ?? []).includes(status);
    let data: unknown;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (ok) throw new ProviderError(`The ${request.provider} sent an answer that is not JSON.`, status);
    }
    if (!ok) throw new ProviderError(providerErrorMessage(request.provider, status, errorDetail(data)), status);
    return { status, data: data as T };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The human part of a provider's error body (Yelp, Open-Meteo, Google, OpenAI-style shapes). */
function errorDetail(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { reason?: unknown; error?: unknown; message?: unknown; detail?: unknown };
  if (typeof b.reason === 'string') return b.reason;
  if (typeof b.message === 'string') return b.message;
  if (typeof b.detail === 'string') return b.detail;
  if (b.error && typeof b.error === 'object') {
    const e = b.error as { description?: unknown; message?: unknown };
    if (typeof e.description === 'string') return e.description;
    if (typeof e.message === 'string') return e.message;
  }
  if (typeof b.error === 'string') return b.error;
  return undefined;
}
