import { AppError } from '../errors.js';

/** An operator-configured OpenAI-compatible audio endpoint (OpenAI, Groq, speaches, LocalAI, …). */
export interface OpenAiAudioTarget {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}

/** POSTs to `<baseUrl><path>`; a failed call becomes `speech:failed` with a readable message. */
export async function postAudioApi(
  target: OpenAiAudioTarget,
  path: string,
  body: FormData | string,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (target.apiKey) headers.Authorization = `Bearer ${target.apiKey}`;
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${target.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    throw new AppError('speech:failed', 'The speech service could not be reached. Please try again later.', 502, {
      cause: error,
    });
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => '');
    throw new AppError('speech:failed', 'The speech service failed. Please try again later.', 502, {
      cause: new Error(`${path} answered ${response.status}: ${detail.slice(0, 300)}`),
    });
  }
  return response;
}
