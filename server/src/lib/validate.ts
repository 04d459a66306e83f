import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Parses input with a contract schema; bad input becomes a 400 with the first issue's message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('request:invalid', `${where}${issue?.message ?? 'Invalid request.'}`);
}
