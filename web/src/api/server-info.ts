import type { ServerInfo } from '@neura/contract';
import { serverInfoParser } from './guards';
import { api } from './http';

/** GET / — the root call's message "OK" means online. */
export async function fetchServerInfo(signal?: AbortSignal): Promise<ServerInfo> {
  return api('/', { signal }, serverInfoParser);
}

export function isOnline(info: ServerInfo | undefined): boolean {
  return info?.message === 'OK';
}
