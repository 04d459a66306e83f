/** The operator's console (`GET /api/admin/dashboard?days=N`, issue #28): the figures' shape, server and web alike. */

export interface DashboardDay {
  day: string;
  /** Messages users sent. */
  messages: number;
  /** Distinct users who sent a message that day. */
  activeUsers: number;
  /** Replies that failed. */
  failures: number;
  creditsSold: number;
  creditsGranted: number;
  /** Charged for messages and skills, net of refunds. */
  creditsSpent: number;
  /** Message and skill refunds (count and credits given back). */
  refunds: number;
  refundedCredits: number;
  /** Credits taken back after an order refund. */
  clawedBack: number;
}

export interface ModelUsage {
  model: string;
  replies: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  /** Estimated provider cost in the shop's currency (major units); null without a price for the model. */
  estimatedCost: number | null;
}

export interface PersonaEarnings {
  personaId: string | null;
  name: string;
  replies: number;
  creditsEarned: number;
  inputTokens: number;
  outputTokens: number;
  estimatedCost: number | null;
  /** creditsEarned at the average paid price per credit, in the shop's currency. */
  earnedValue: number | null;
  /** earnedValue − estimatedCost. */
  margin: number | null;
}

export interface RevenueLine {
  product: string;
  kind: string;
  currency: string;
  orders: number;
  amountCents: number;
  refundedCents: number;
  refundedOrders: number;
}

export interface SkillUse {
  skill: string;
  uses: number;
  surcharge: number;
}

export interface Dashboard {
  days: number;
  timeZone: string;
  from: string;
  to: string;
  daily: DashboardDay[];
  totals: Omit<DashboardDay, 'day'>;
  revenue: RevenueLine[];
  models: ModelUsage[];
  personas: PersonaEarnings[];
  skills: SkillUse[];
  /** The average price of a credit over paid packs (all time), in the major units of `currency`. */
  creditValue: { amount: number; currency: string } | null;
}
