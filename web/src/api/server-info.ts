import { type ServerInfo, serverInfoSchema } from '@neura/contract';
import { api } from './http';

/** GET / — the root call's message "OK" means online. */
export async function fetchServerInfo(signal?: AbortSignal): Promise<ServerInfo> {
  return api('/', { signal }, serverInfoSchema);
}

export function isOnline(info: ServerInfo | undefined): boolean {
  return info?.message === 'OK';
}
