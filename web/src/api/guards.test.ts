import { describe, expect, it } from 'vitest';
import { chatsParser, tokenParser, userParser } from './account-guards';
import { AppError } from './app-error';
import { personasParser, serverInfoParser } from './guards';

const user = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  referralCode: 'X',
  proExpiry: null,
  isPro: false,
  flags: ['insider'],
  credits: 3,
};
const chat = {
  id: 'c1',
  name: 'Chat',
  persona: 'default',
  lastMessageAt: null,
  preview: 'Hi',
  isPinned: false,
  isArchived: false,
};

describe('hand guards of the first route', () => {
  it('should pass a well-formed answer through unchanged', () => {
    expect(userParser.parse(user)).toBe(user);
    expect(chatsParser.parse([chat])).toEqual([chat]);
    expect(serverInfoParser.parse({ message: 'OK', version: '1.0.0', supportedClientRange: '>=1' })).toMatchObject({
      message: 'OK',
    });
    expect(tokenParser.parse({ token: 't' })).toEqual({ token: 't' });
  });

  it.each([
    ['a user without credits', () => userParser.parse({ ...user, credits: undefined })],
    ['a user whose flags are not strings', () => userParser.parse({ ...user, flags: [1] })],
    ['chats that are not an array', () => chatsParser.parse({ chats: [chat] })],
    ['a chat with a numeric id', () => chatsParser.parse([{ ...chat, id: 1 }])],
    ['personas with one malformed entry', () => personasParser.parse([{ id: 'p' }])],
    ['a token answer without a token', () => tokenParser.parse({})],
    ['null for the server info', () => serverInfoParser.parse(null)],
  ])('should refuse %s with the client error "unknown"', (_name, parse) => {
    let error: unknown;
    try {
      parse();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'unknown', message: 'An unknown error occurred.' });
  });
});
