import { describe, expect, it } from 'vitest';
import { creditsState, isValidEmail, isValidInviteCode, normalizeInviteCode } from './validators.js';

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

describe('creditsState', () => {
  it('should be zero at 0, low from 1 to 5, normal above', () => {
    expect(creditsState(0)).toBe('zero');
    expect(creditsState(1)).toBe('low');
    expect(creditsState(5)).toBe('low');
    expect(creditsState(6)).toBe('normal');
    expect(creditsState(null)).toBe('normal');
  });
});
