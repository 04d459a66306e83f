/**
 * A skill call that failed for a reason a user can read ("The weather service took too long to
 * answer."). The message becomes the call's `{ error }` output and is what the model is told.
 */
export class SkillError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SkillError';
  }
}

export const UNEXPECTED_SKILL_ERROR = 'The skill failed unexpectedly. Try again later.';
