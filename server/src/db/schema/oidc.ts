import type { Timestamp } from './columns.js';

/** 0026 (issue #47): a provider's subject linked to a user. */
export interface OidcIdentitiesTable {
  id: string;
  user_id: string;
  provider_id: string;
  subject: string;
  email: string | null;
  created_at: Timestamp;
}

/** 0026: a started sign-in (state hashed; used once; expiring). */
export interface OidcFlowsTable {
  state_hash: string;
  provider_id: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  client: 'web' | 'native';
  /** The hash of the `neura_oidc` cookie set on the browser that started the flow. */
  browser_hash: string;
  expires_at: Timestamp;
}

/** 0026: a finished callback waiting for the web app (one-time code hashed; expiring). */
export interface OidcTicketsTable {
  ticket_hash: string;
  /** `link-2fa`: a link whose password was right, waiting on its second-factor challenge. */
  kind: 'signin' | 'link' | 'invite' | 'link-2fa';
  provider_id: string;
  subject: string;
  email: string;
  first_name: string;
  last_name: string;
  user_id: string | null;
  expires_at: Timestamp;
}
