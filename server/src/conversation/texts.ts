import { CONTINUE_PROMPT, PRO_REQUIRED_MESSAGE } from '@neura/contract';

/** Server-side texts of the conversation feature (messages users see in acks and events). */
export const conversationTexts = {
  empty: 'Type a message first.',
  tooLong: (max: number) => `Messages can be at most ${max} characters long.`,
  personaGone: 'The persona of this chat no longer exists.',
  /** SPEC.md §6, verbatim. */
  proRequired: PRO_REQUIRED_MESSAGE,
  busy: 'A reply is still being written in this chat. Wait for it to finish or stop it first.',
  restarting: 'The server is restarting. Please try again in a moment.',
  failed: 'The model could not finish its reply. Your credits for this message were refunded.',
  rateLimited:
    'The model is getting too many requests right now, so it could not reply. Your credits for this message were refunded. Please try again in a moment.',
  overloaded:
    'The model’s server is overloaded or failing right now, so it could not reply. Your credits for this message were refunded. Please try again in a moment.',
  timedOut: 'The model stopped sending its reply. Your credits for this message were refunded.',
  filtered:
    'The model’s content filter withheld this reply. Your credits for this message were refunded. Try rephrasing your message.',
  emptyReply: 'The model sent an empty reply. Your credits for this message were refunded.',
  messageGone: 'That message was not found in this chat.',
  forkTemporary: 'A temporary chat cannot be forked: it leaves no trace.',
  notLastReply: 'Only the latest reply of a chat can be retried or regenerated.',
  notFailed: 'Only a reply that could not be completed can be retried. Regenerate it instead.',
  notLastUserMessage: 'Only your latest message in a chat can be edited.',
  /** Continue (issue #24): the user's turn that asks the model to carry on a reply cut short. */
  continuePrompt: CONTINUE_PROMPT,
  notCutShort: 'Only a reply that was cut short by the length limit can be continued.',
  notLastCutShort: 'Only the latest reply of a chat can be continued.',
  noModelForAction: 'No AI model is configured on this server, so there is no reply to write again.',
  noAttachments: 'This server does not take attachments.',
  /** Group chats (issue #46). */
  notInGroup: 'That persona is not in this chat.',
  toolStopped: 'Stopped before it finished.',
  interrupted: 'The server restarted before the reply was finished. Your credits for this message were refunded.',
  noModel:
    'No AI model is configured on this server, so this message was not sent to a model and no credits were charged.\n\n' +
    'To set one up, an administrator can set `LLM_BASE_URL` and `LLM_MODEL` (any OpenAI-compatible server; add ' +
    '`LLM_API_KEY` if it needs one), or `OPENAI_API_KEY`, or `ANTHROPIC_API_KEY`, and restart the server.',
} as const;
