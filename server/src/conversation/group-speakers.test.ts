import { describe, expect, it } from 'vitest';
import { mentioned, pickSpeakers } from './group-speakers.js';

const members = [
  { id: 'ada', name: 'Ada' },
  { id: 'lovelace', name: 'Ada Lovelace' },
  { id: 'max', name: 'Trainer Max' },
];

describe('pickSpeakers (group chats)', () => {
  it('should answer every persona in order without an address', () => {
    expect(pickSpeakers(members, 'Hello all').map((m) => m.id)).toEqual(['ada', 'lovelace', 'max']);
  });

  it('should answer the personas named as @Name, in the chat’s order, whatever the case', () => {
    expect(pickSpeakers(members, '@trainer max and @Ada, thoughts?').map((m) => m.id)).toEqual(['ada', 'max']);
    // The longest name wins: "@Ada Lovelace" is not "@Ada".
    expect(mentioned(members, 'Hi @Ada Lovelace!')).toEqual(['lovelace']);
    // A name must end where the word does.
    expect(mentioned(members, 'mail @Adam')).toEqual([]);
  });

  it('should take `to` over the text and refuse a persona not in the chat', () => {
    expect(pickSpeakers(members, '@Ada', ['max']).map((m) => m.id)).toEqual(['max']);
    expect(() => pickSpeakers(members, 'Hi', ['scout'])).toThrow('That persona is not in this chat.');
  });
});
