import { describe, expect, it } from 'vitest';
import { signInReturnPath } from './deep-link';

describe('the sign-in deep link', () => {
  it('should open the landing page with the ticket or the error', () => {
    expect(signInReturnPath('ai.neura.app://oidc?ticket=abc-123')).toBe('/auth/oidc?ticket=abc-123');
    expect(signInReturnPath('ai.neura.app://oidc?error=denied')).toBe('/auth/oidc?error=denied');
  });
  it('should ignore any other link', () => {
    expect(signInReturnPath('ai.neura.app://other?ticket=abc')).toBeUndefined();
    expect(signInReturnPath('https://evil.example/ai.neura.app://oidc?ticket=x')).toBeUndefined();
    expect(signInReturnPath('ai.neura.app://oidc?next=/admin')).toBeUndefined();
  });
});
