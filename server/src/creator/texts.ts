import { CUSTOM_PERSONA_LIMITS } from '@neura/contract';

/** Server-side texts of people's own personas (issue #29): what the builder and the console show. */
export const creatorTexts = {
  notFound: 'That persona does not exist or is not yours.',
  notAvailable: 'That persona is not available.',
  limitReached: (max: number) => `You can have at most ${max} personas. Delete one before you create another.`,
  instructionsTooLong: (max: number) => `Instructions must be at most ${max} characters.`,
  unknownSkill: (skill: string) => `"${skill}" is not a skill this server knows.`,
  skillUnavailable: (skill: string) => `The skill "${skill}" is not available on this server.`,
  unknownModel: (model: string, allowed: string[]) =>
    allowed.length > 0
      ? `The model "${model}" is not offered here. Choose one of: ${allowed.join(', ')}.`
      : `The model "${model}" is not offered here: this server has no models to choose from.`,
  notPublic: 'Only public personas can be reported.',
  alreadyReported:
    'You already reported this persona. We will look at your report; you can report it again once we have.',
  tooManyReports: 'You have sent many reports in the last hour. Please wait a while before you send another.',
  createdTooMany: (max: number) =>
    `You can create at most ${max} personas a day (deleted ones count too). Try again tomorrow, or edit one you have.`,
  reportReason: 'Tell us what is wrong with this persona.',
  reportTooLong: 'A report can be at most 1000 characters.',
  notMultipart: 'Send the picture as multipart/form-data in a field named "file".',
  noFile: 'No picture was sent. Put it in a field named "file".',
  tooLarge: (mb: number) => `The picture is larger than ${mb} MB.`,
  imagesUnavailable: 'Generating pictures is not available on this server.',
  notEnoughCredits: 'Not enough credits to generate an avatar.',
  generateFailed: (detail: string) => `The avatar could not be generated: ${detail} Your credits were refunded.`,
  avatarPrompt: (name: string, tagline: string | null) =>
    `A friendly square avatar portrait for a chat persona named "${name}"${tagline ? `: ${tagline}` : ''}. Simple, bold shapes, centred, no text.`,
  reviewNotPending: 'That persona is not waiting for review.',
  priceUnknownModel: (model: string) => `"${model}" is not one of the custom persona models.`,
  limits: CUSTOM_PERSONA_LIMITS,
} as const;
