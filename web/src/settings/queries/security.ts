import type {
  BackupCodes,
  DeviceSession,
  LinkedIdentity,
  Passkey,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { queryClient } from '../../api/query-client';

/** /settings/security's server data (issue #47): passkeys, the second factor, devices. */
export const securityKeys = {
  all: ['security'] as const,
  passkeys: ['security', 'passkeys'] as const,
  twoFactor: ['security', '2fa'] as const,
  sessions: ['security', 'sessions'] as const,
  identities: ['security', 'identities'] as const,
};

export const usePasskeys = () =>
  useQuery({ queryKey: securityKeys.passkeys, queryFn: () => api<Passkey[]>('/users/me/passkeys') }, queryClient);
export const useTwoFactor = () =>
  useQuery({ queryKey: securityKeys.twoFactor, queryFn: () => api<TwoFactorStatus>('/users/me/2fa') }, queryClient);
export const useSessions = () =>
  useQuery({ queryKey: securityKeys.sessions, queryFn: () => api<DeviceSession[]>('/users/me/sessions') }, queryClient);

export const useIdentities = () =>
  useQuery(
    { queryKey: securityKeys.identities, queryFn: () => api<LinkedIdentity[]>('/users/me/identities') },
    queryClient,
  );

export const refresh = (key: readonly string[]) => queryClient.invalidateQueries({ queryKey: key });

const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });

export const securityApi = {
  setup: () => post<TwoFactorSetup>('/users/me/2fa/setup'),
  enable: (code: string) => post<BackupCodes>('/users/me/2fa/enable', { code }),
  disable: (password: string, code: string) => post<unknown>('/users/me/2fa/disable', { password, code }),
  regenerate: (code: string) => post<BackupCodes>('/users/me/2fa/backup-codes', { code }),
  renamePasskey: (id: string, name: string) =>
    api<unknown>(`/users/me/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
  removePasskey: (id: string) => api<unknown>(`/users/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  signOut: (id: string) => api<unknown>(`/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  signOutOthers: () => api<{ signedOut: number }>('/users/me/sessions', { method: 'DELETE' }),
  unlink: (id: string) => api<unknown>(`/users/me/identities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** "Confirm it's you": a password or a second-factor code. */
  reauth: (proof: { password: string } | { code: string }) => post<unknown>('/users/me/reauth', proof),
  /** "Confirm it's you" with one of the account's passkeys (the system sheet). */
  async reauthWithPasskey(): Promise<unknown> {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    // biome-ignore lint/suspicious/noExplicitAny: the server's request options JSON, passed through as it came.
    const optionsJSON = await post<any>('/auth/passkeys/login/options', {});
    return post<unknown>('/users/me/reauth', { credential: await startAuthentication({ optionsJSON }) });
  },
  /** Registers a passkey on this device: options, the system sheet, the credential back. */
  async addPasskey(): Promise<Passkey> {
    const { startRegistration } = await import('@simplewebauthn/browser');
    // biome-ignore lint/suspicious/noExplicitAny: the server's creation options JSON, passed through as it came.
    const optionsJSON = await post<any>('/auth/passkeys/register/options');
    const credential = await startRegistration({ optionsJSON });
    return post<Passkey>('/auth/passkeys/register/verify', { credential });
  },
};
