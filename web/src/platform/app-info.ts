export type { AppInfoPlugin } from './plugin-types';

import { CLIENT_VERSION } from '@neura/contract';
import { create } from 'zustand';
import { QA_APP_ID } from './app-ids';
import { currentPlatform, type Platform } from './native';
import type { AppInfoPlugin } from './plugin-types';
import { loadAppPlugin } from './plugins';

/** Client info of SPEC.md §3: version 2.0.0, platform, native flag, and on native the app id, build and version. */
export interface ClientInfo {
  clientVersion: string;
  platform: Platform;
  native: boolean;
  appId?: string;
  build?: string;
  appVersion?: string;
  /** SPEC.md §4: the native build identifier equals the QA variant's; always false on the web. */
  isQaBuild: boolean;
}

export function isQaAppId(id: string | undefined): boolean {
  return id === QA_APP_ID;
}

/** The client info for a platform; `App.getInfo()` is asked only on native (it throws on the web). */
export async function readClientInfo(platform: Platform, plugin?: () => Promise<AppInfoPlugin>): Promise<ClientInfo> {
  const base: ClientInfo = { clientVersion: CLIENT_VERSION, platform, native: platform !== 'web', isQaBuild: false };
  if (platform === 'web' || !plugin) return base;
  const info = await (await plugin()).getInfo();
  return { ...base, appId: info.id, build: info.build, appVersion: info.version, isQaBuild: isQaAppId(info.id) };
}

/** The client info once read (the settings page shows it). */
export const useClientInfo = create<{ info: ClientInfo | null }>()(() => ({ info: null }));

let pending: Promise<ClientInfo> | undefined;

/** Reads the client info once; a native read that fails is logged and treated as the production app. */
export function loadClientInfo(): Promise<ClientInfo> {
  const platform = currentPlatform();
  pending ??= readClientInfo(platform, loadAppPlugin)
    .catch((error: unknown) => {
      console.error('Could not read the app info', error);
      return readClientInfo(platform);
    })
    .then((info) => {
      useClientInfo.setState({ info });
      return info;
    });
  return pending;
}
