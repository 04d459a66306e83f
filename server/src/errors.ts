import { ERROR_STATUS, type ErrorCode } from '@neura/contract';

/** The one error type of the server: a stable code, an HTTP status and a safe message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string, status: number = ERROR_STATUS[code]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }

  toBody(): { message: string; code: string } {
    return { message: this.message, code: this.code };
  }
}

/** The one text users see for an unexpected server error (HTTP 500 and socket acks alike). */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** The `{ message, code }` body of an unexpected error. */
export const internalErrorBody = () => ({ message: INTERNAL_ERROR_MESSAGE, code: 'internal' as const });

export const notFound = (what = 'Not found.') => new AppError('not-found', what);
export const badRequest = (message: string) => new AppError('request:invalid', message);
