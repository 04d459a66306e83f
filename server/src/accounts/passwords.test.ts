import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, hashPassword, PASSWORD_MESSAGES, verifyPassword } from './passwords.js';

describe('password policy', () => {
  it('should accept 8 to 128 characters that are not common', () => {
    expect(() => checkPasswordPolicy('a quiet river')).not.toThrow();
    expect(() => checkPasswordPolicy('x7!kP2qz')).not.toThrow();
  });
  it.each([
    ['1234567', PASSWORD_MESSAGES.tooShort],
    ['y'.repeat(129), PASSWORD_MESSAGES.tooLong],
    ['password1', PASSWORD_MESSAGES.common],
    ['QWERTYUIOP', PASSWORD_MESSAGES.common],
    ['aaaaaaaaaa', PASSWORD_MESSAGES.common],
  ])('should refuse %j', (password, message) => {
    expect(() => checkPasswordPolicy(password)).toThrow(message);
  });
  it('should refuse the email address as password', () => {
    expect(() => checkPasswordPolicy('ada@example.com', 'Ada@example.com')).toThrow(PASSWORD_MESSAGES.common);
  });
});

describe('argon2id hashing', () => {
  it('should hash with argon2id m=19456 t=2 p=1 and verify', async () => {
    const hash = await hashPassword('a quiet river');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a quiet river')).toBe(true);
    expect(await verifyPassword(hash, 'a loud river')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });
});
