import { describe, expect, it } from 'vitest';
import {
  creditsState,
  isValidEmail,
  isValidInviteCode,
  isValidVerifyCode,
  normalizeInviteCode,
  validateEmailField,
  validateUrlField,
} from './validators.js';

describe('isValidEmail', () => {
  it('should accept a simple address', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
  });
  it.each(['ada@example', 'ada example@x.com', 'a@b@c.com', '@example.com', 'ada@', ''])(
    'should refuse %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );
});

describe('isValidInviteCode', () => {
  it('should accept five groups of four letters or digits', () => {
    expect(isValidInviteCode('ABCD-1234-EFGH-5678-IJKL')).toBe(true);
    expect(isValidInviteCode('abcd-1234-efgh-5678-ijkl')).toBe(true);
  });
  it.each(['ABCD-1234-EFGH-5678', 'ABCD-1234-EFGH-5678-IJK', 'ABCD_1234_EFGH_5678_IJKL', 'ABCD-1234-EFGH-5678-IJKL-'])(
    'should refuse %j',
    (value) => {
      expect(isValidInviteCode(value)).toBe(false);
    },
  );
  it('should uppercase when normalising', () => {
    expect(normalizeInviteCode(' abcd-1234-efgh-5678-ijkl ')).toBe('ABCD-1234-EFGH-5678-IJKL');
  });
});

describe('isValidVerifyCode', () => {
  it('should accept exactly four digits', () => {
    expect(isValidVerifyCode('0427')).toBe(true);
    expect(isValidVerifyCode('427')).toBe(false);
    expect(isValidVerifyCode('04a7')).toBe(false);
  });
});

describe('dialog validators', () => {
  it('should name the invalid email', () => {
    expect(validateEmailField('nope')).toBe('Invalid email address');
    expect(validateEmailField('a@b.co')).toBeUndefined();
  });
  it('should name the invalid URL', () => {
    expect(validateUrlField('ftp://x')).toBe('Invalid URL');
    expect(validateUrlField('https://example.com/a?b=1')).toBeUndefined();
  });
});

describe('creditsState', () => {
  it('should be zero at 0, low from 1 to 5, normal above', () => {
    expect(creditsState(0)).toBe('zero');
    expect(creditsState(1)).toBe('low');
    expect(creditsState(5)).toBe('low');
    expect(creditsState(6)).toBe('normal');
    expect(creditsState(null)).toBe('normal');
  });
});
