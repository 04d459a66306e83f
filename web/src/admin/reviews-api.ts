import type { CustomPersonaPriceItem, PersonaReviewItem } from '@neura/contract';
import { api } from '../api/http';

/** The console's side of people's own personas (issue #29): the review queue, unlisting, prices. */

export type { CustomPersonaPriceItem, PersonaReviewItem };

type Items<T> = { items: T[] };
const post = (path: string) => api(path, { method: 'POST', body: {} });

export const reviewsApi = {
  pending: () => api<Items<PersonaReviewItem>>('/admin/persona-reviews').then((r) => r.items),
  approve: (id: string) => post(`/admin/persona-reviews/${encodeURIComponent(id)}/approve`),
  reject: (id: string) => post(`/admin/persona-reviews/${encodeURIComponent(id)}/reject`),
  unlist: (id: string) => post(`/admin/personas/${encodeURIComponent(id)}/unlist`),
  prices: () => api<Items<CustomPersonaPriceItem>>('/admin/custom-persona-prices').then((r) => r.items),
  setPrice: (model: string, price: number) =>
    api<Items<CustomPersonaPriceItem>>('/admin/custom-persona-prices', { method: 'PUT', body: { model, price } }),
};
