import { CLIENT_VERSION, CLIENT_VERSION_HEADER, type Dashboard, type PersonaTranslations } from '@neura/contract';
import { AppError } from '../api/app-error';
import { apiBase } from '../api/base-url';
import { api, apiFetch } from '../api/http';
import { useAppStore } from '../store/app-store';

/** The console's calls (`/api/admin/*`); the server checks the admin role on each. */

export type { Dashboard, DashboardDay } from '@neura/contract';

export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  credits: number;
  isPro: boolean;
  proExpiry: string | null;
  suspended: boolean;
  lastSeenAt: string | null;
}

export interface AdminUserDetail extends AdminUser {
  chats: number;
  ledger: Array<{ id: string; amount: number; reason: string; createdAt: string; detail: string | null }>;
  orders: Array<{
    id: string;
    product: string;
    status: string;
    amountCents: number;
    currency: string;
    createdAt: string;
  }>;
}

export interface AdminPersona {
  id: string;
  icon: string;
  name: string;
  description: string;
  cost: number;
  tags: string[];
  published: boolean;
  requiresPro: boolean;
  includedSkills: string[];
  greeting?: string | null;
  tagline?: string | null;
  suggestedPrompts?: string[];
  /** Output only: set by uploading (`uploadAvatar`). */
  avatarUrl?: string | null;
  systemPrompt: string;
  model?: string | null;
  /** Issue #43: `{ [locale]: { name?, description?, greeting? } }`. */
  translations?: PersonaTranslations;
  sortOrder: number;
}

export interface ModelPriceLine {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  /** Set in the console, or from MODEL_PRICES (config). */
  source: 'console' | 'config';
}

/** PUT /admin/personas/{id}/avatar with the picture as the raw body (the server checks it by content). */
async function uploadAvatar(id: string, file: Blob): Promise<{ avatarUrl: string }> {
  const headers: Record<string, string> = {
    [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
    // The server reads the bytes, not the name: anything not typed as a picture is sent as one to be checked.
    'Content-Type': file.type.startsWith('image/') ? file.type : 'image/unknown',
  };
  const token = useAppStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiBase()}/admin/personas/${encodeURIComponent(id)}/avatar`, {
      method: 'PUT',
      headers,
      body: file,
    });
  } catch {
    throw AppError.client('network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw AppError.fromBody(body, response.status);
  return body as { avatarUrl: string };
}

export interface AdminOrder {
  id: string;
  email: string;
  product: string;
  kind: string;
  provider: string;
  status: string;
  credits: number;
  amountCents: number;
  currency: string;
  createdAt: string;
  /** A Pro renewal (a monthly payment of the subscription). */
  renewal?: boolean;
  periodStart?: string | null;
  periodEnd?: string | null;
}

export interface AuditLine {
  id: string;
  action: string;
  actor: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
}

type Items<T> = { items: T[] };
const post = (path: string, body?: unknown) => api(path, { method: 'POST', body: body ?? {} });

export const adminApi = {
  dashboard: (days: number, tz: string) => api<Dashboard>(`/admin/dashboard?days=${days}&tz=${encodeURIComponent(tz)}`),
  prices: () => api<ModelPriceLine[]>('/admin/model-prices'),
  setPrice: (model: string, inputPerMTok: number, outputPerMTok: number) =>
    api(`/admin/model-prices/${encodeURIComponent(model)}`, { method: 'PUT', body: { inputPerMTok, outputPerMTok } }),
  users: (q: string) => api<Items<AdminUser>>(`/admin/users?q=${encodeURIComponent(q)}`),
  user: (id: string) => api<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`),
  credits: (id: string, amount: number) => post(`/admin/users/${encodeURIComponent(id)}/credits`, { amount }),
  givePro: (id: string, days: number) => post(`/admin/users/${encodeURIComponent(id)}/pro`, { days }),
  endPro: (id: string, when: 'now' | 'period-end' = 'now') =>
    api(`/admin/users/${encodeURIComponent(id)}/pro?when=${when}`, { method: 'DELETE' }),
  suspend: (id: string, on: boolean) => post(`/admin/users/${encodeURIComponent(id)}/${on ? 'suspend' : 'unsuspend'}`),
  role: (id: string, role: 'user' | 'admin') => post(`/admin/users/${encodeURIComponent(id)}/role`, { role }),
  deleteUser: (id: string) => api(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  personas: () => api<Items<AdminPersona>>('/admin/personas'),
  createPersona: (p: Omit<AdminPersona, 'sortOrder'>) => post('/admin/personas', p),
  savePersona: (p: Omit<AdminPersona, 'sortOrder'>) =>
    api(`/admin/personas/${encodeURIComponent(p.id)}`, { method: 'PUT', body: p }),
  publish: (id: string, published: boolean) =>
    post(`/admin/personas/${encodeURIComponent(id)}/published`, { published }),
  uploadAvatar,
  removeAvatar: (id: string) => api(`/admin/personas/${encodeURIComponent(id)}/avatar`, { method: 'DELETE' }),
  /** Any persona's avatar (also unpublished ones), for the editor's preview. */
  avatar: async (id: string) => (await apiFetch(`/admin/personas/${encodeURIComponent(id)}/avatar`)).blob(),
  reorder: (ids: string[]) => api('/admin/personas-order', { method: 'PUT', body: { ids } }),
  orders: (q: string) => api<Items<AdminOrder>>(`/admin/orders?q=${encodeURIComponent(q)}`),
  refund: (id: string) => post(`/admin/orders/${encodeURIComponent(id)}/refund`),
  invites: () =>
    api<Items<{ hint: string; maxUses: number; uses: number; revoked: boolean; createdAt: string }>>('/admin/invites'),
  createInvites: (count: number, uses: number) =>
    api<{ codes: string[] }>('/admin/invites', { method: 'POST', body: { count, uses } }),
  revokeInvite: (hint: string) =>
    api(`/admin/invites/${encodeURIComponent(hint.replace(/-….*$/, ''))}`, { method: 'DELETE' }),
  waitlist: () => api<Items<{ email: string; createdAt: string; invitedAt: string | null }>>('/admin/waitlist'),
  inviteWaitlist: (count: number) => post('/admin/waitlist/invite', { count }),
  approveWaitlist: (emails: string[]) =>
    api<Items<{ email: string; sent: boolean }>>('/admin/waitlist/approve', { method: 'POST', body: { emails } }),
  waitlistCsv: async () => (await apiFetch('/admin/waitlist.csv')).blob(),
  feedback: () =>
    api<
      Items<{
        id: string;
        about: string;
        helpful: boolean;
        message: string | null;
        email: string | null;
        createdAt: string;
        handledAt: string | null;
      }>
    >('/admin/feedback'),
  handled: (id: string, handled: boolean) => post(`/admin/feedback/${encodeURIComponent(id)}/handled`, { handled }),
  audit: (before?: string) =>
    api<Items<AuditLine>>(`/admin/audit?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`),
};
