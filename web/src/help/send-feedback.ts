import type { FeedbackRequest } from '@neura/contract';
import { api } from '../api/http';

/** POST /feedback about a help document (ARCHITECTURE.md §3). */
export function sendHelpFeedback(docName: string, message?: string): Promise<void> {
  const body: FeedbackRequest = { type: 'feedback', about: `helpDocs.${docName}` };
  if (message?.trim()) body.message = message.trim();
  return api<void>('/feedback', { method: 'POST', body });
}
