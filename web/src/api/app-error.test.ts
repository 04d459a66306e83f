import { describe, expect, it } from 'vitest';
import { AppError, errorMessage } from './app-error';

describe('AppError', () => {
  it("should rebuild the server's { message, code } body with the HTTP status", () => {
    const error = AppError.fromBody({ message: 'Not enough credits.', code: 'credits:insufficient' }, 402);
    expect(error).toMatchObject({
      name: 'AppError',
      message: 'Not enough credits.',
      code: 'credits:insufficient',
      status: 402,
    });
  });

  it('should turn a body that is not { message, code } into an unknown error', () => {
    expect(AppError.fromBody('<html>Bad gateway</html>', 502)).toMatchObject({
      message: 'An unknown error occurred.',
      code: 'unknown',
      status: 502,
    });
  });

  it("should show the server's message, else the caller's text, else the client's own", () => {
    expect(errorMessage(new AppError('Wrong password.', 'auth:wrong-password', 400), 'fallback')).toBe(
      'Wrong password.',
    );
    expect(errorMessage(AppError.client('network'), 'Failed to send.')).toBe('Failed to send.');
    expect(errorMessage(AppError.client('network'))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(errorMessage(new TypeError('boom'))).toBe('An unknown error occurred.');
  });
});
