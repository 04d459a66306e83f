import {
  accountOptionsResponseSchema,
  chatSchema,
  forkChatResponseSchema,
  messageSchema,
  personaSchema,
  serverInfoSchema,
  skillInfoSchema,
  textPartSchema,
  userExistsResponseSchema,
  userSchema,
} from '@neura/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messagesParser } from '../chat/messages-parser';
import { validValues, wrongValues } from '../test/schema-arbitrary';
import {
  accountOptionsParser,
  chatParser,
  chatsParser,
  forkChatResponseParser,
  inviteCheckParser,
  skillsParser,
  tokenParser,
  userExistsParser,
  userParser,
} from './account-guards';
import { type Parser, personasParser, serverInfoParser } from './guards';

const accepts = (parser: Parser<unknown>, value: unknown) => {
  try {
    parser.parse(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Each hand guard against the contract schema it stands in for. The guards check the JSON shape
 * (every field, its type, null and absence) and leave the server's own limits — lengths, integer
 * numbers, the members of an enum — to the server, so that a newer server's skill id or a longer
 * name does not break an older client. The properties say exactly that: on values the schema
 * accepts, on values with one node of a wrong JSON type or a required key missing, and on
 * arbitrary values, guard and schema agree.
 */
const pairs: Array<[string, Parser<unknown>, z.ZodType]> = [
  ['serverInfoParser', serverInfoParser, serverInfoSchema],
  ['userParser', userParser, userSchema],
  ['chatParser', chatParser, chatSchema],
  ['chatsParser', chatsParser, z.array(chatSchema)],
  ['personasParser', personasParser, z.array(personaSchema)],
  ['userExistsParser', userExistsParser, userExistsResponseSchema],
  ['accountOptionsParser', accountOptionsParser, accountOptionsResponseSchema],
  ['skillsParser', skillsParser, z.array(skillInfoSchema)],
  ['forkChatResponseParser', forkChatResponseParser, forkChatResponseSchema],
  // The contract types these two answers without a schema; these are their types as schemas.
  ['tokenParser', tokenParser, z.object({ token: z.string() })],
  ['inviteCheckParser', inviteCheckParser, z.object({ isValid: z.boolean() })],
  // A tool part is parsed again with the contract's own schema (withToolParts), so pages of text parts here.
  ['messagesParser', messagesParser, z.array(messageSchema.extend({ parts: z.array(textPartSchema).optional() }))],
];

describe.each(pairs)('%s against its contract schema', (_name, parser, schema) => {
  it('should accept every value the schema accepts', () => {
    fc.assert(
      fc.property(validValues(schema), (value) => {
        expect(accepts(parser, value)).toBe(true);
      }),
    );
  });

  it('should refuse every value of a wrong shape, as the schema does', () => {
    fc.assert(
      fc.property(wrongValues(schema), (value) => {
        expect(schema.safeParse(value).success).toBe(false);
        expect(accepts(parser, value)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('should agree with the schema on arbitrary values', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(accepts(parser, value)).toBe(schema.safeParse(value).success);
      }),
    );
  });
});
