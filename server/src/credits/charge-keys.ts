/** The ledger's idempotency keys of a message's charge and of its refund. */
export const chargeKey = (messageId: string) => `charge:${messageId}`;
export const refundKey = (messageId: string) => `refund:${messageId}`;

/** Why a charge was refused for the balance (`credits:insufficient`). */
export const INSUFFICIENT_CREDITS_MESSAGE =
  'You do not have enough credits to send this message. Buy more credits to keep chatting.';
