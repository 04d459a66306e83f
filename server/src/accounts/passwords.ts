import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@neura/contract';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.js';

/** argon2id, m = 19 MiB, t = 2, p = 1 (ARCHITECTURE.md §6). `2` is Algorithm.Argon2id (a const enum). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password: verifying against it costs as much as a real check (no user-enumeration timing). */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that nobody has');
  await verifyPassword(await dummyHash, password);
}

/** The most common passwords of public breach lists that fit the length rule (lower-cased). */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '123123123',
  '11111111',
  '00000000',
  '87654321',
  '11223344',
  '12341234',
  'qwertyuiop',
  'qwerty123',
  'qwerty12345',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjkl',
  'password',
  'password1',
  'password12',
  'password123',
  'password!',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'basketball',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'letmein1',
  'letmein123',
  'welcome1',
  'welcome123',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'aa123456',
  'admin123',
  'administrator',
  'changeme',
  'computer',
  'corvette',
  'dragon123',
  'internet',
  'jennifer',
  'jordan23',
  'michelle',
  'mustang1',
  'liverpool',
  'chelsea1',
  'monkey123',
  'qazwsxedc',
  'secret123',
  'shadow123',
  'master123',
  'pokemon1',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'asdf1234',
  'asdfasdf',
  'zxcvbnm1',
  'zxcvbnm123',
  'football1',
  'baseball1',
  'charlie1',
  'access14',
  'mynoob123',
  'neura123',
  'neurapassword',
]);

export const PASSWORD_MESSAGES = {
  tooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  common: 'This password is too common and easy to guess. Please choose another one.',
} as const;

/** Length 8–128 and not one of the most common passwords; throws a 400 with a clear message. */
export function checkPasswordPolicy(password: string, email?: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('auth:password-weak', PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError('auth:password-weak', PASSWORD_MESSAGES.tooLong);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password) || (email && lower === email.toLowerCase())) {
    throw new AppError('auth:password-weak', PASSWORD_MESSAGES.common);
  }
}
