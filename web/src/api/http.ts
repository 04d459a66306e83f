import { CLIENT_VERSION, CLIENT_VERSION_HEADER } from '@neura/contract';
import { useAppStore } from '../store/app-store';
import { currentLocale } from '../texts/format';
import { AppError } from './app-error';
import { apiBase } from './base-url';
import type { Parser } from './guards';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Outlives the page (a request sent as it unloads). */
  keepalive?: boolean;
}

/** Headers every request carries: the client version, and the bearer token when signed in. */
function defaultHeaders(token: string | null): Record<string, string> {
  // The interface's language (issue #43): the server answers errors and mails a visitor in it.
  const headers: Record<string, string> = {
    [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
    'Accept-Language': currentLocale(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = { ...defaultHeaders(useAppStore.getState().token), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw AppError.client('network');
  }
  if (!response.ok) throw AppError.fromBody(await response.json().catch(() => undefined), response.status);
  return response;
}

/**
 * JSON call, validated when a parser is given: a hand guard (./guards) on the first route, or a
 * contract schema (zod fits `Parser`) in lazy pages.
 */
export async function api<T>(path: string, options: RequestOptions = {}, schema?: Parser<T>): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return schema ? schema.parse(data) : (data as T);
}
