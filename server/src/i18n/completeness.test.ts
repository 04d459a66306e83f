import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES } from '../accounts/device-service.js';
import { FOLDERS_FULL } from '../chats/folder-service.js';
import { conversationTexts } from '../conversation/texts.js';
import { cardTexts } from '../creator/card.js';
import { creatorTexts } from '../creator/texts.js';
import { limitTexts } from '../credits/limits.js';
import { mediaTexts } from '../media/routes.js';
import { memoryServiceTexts } from '../memory/service.js';
import { TICKET_GONE_MESSAGE } from '../oidc/service.js';
import { avatarTexts } from '../personas/avatar.js';
import { PASSKEY_MESSAGES } from '../security/passkey-service.js';
import { TWO_FACTOR_MESSAGES } from '../security/two-factor-service.js';
import { providerErrorMessage } from '../skills/http/provider-client.js';
import { archiveTexts } from '../takeout/service.js';
import { translateMessage } from './catalog.js';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every message a user may be shown that is written as a literal where it is thrown: the text of
 * `new AppError(code, '…')`, `new SkillError('…')` (and its kin), `badRequest('…')` and `notFound('…')`, a
 * template literal's `${…}` filled in with a sample value.
 */
function thrownLiterals(): { where: string; text: string }[] {
  const call =
    /(?:new (?:AppError|SafeHttpError)\(\s*'[^']*',|new (?:SkillError|ProviderError)\(|badRequest\(|notFound\(|this\.failure\(\w+,|missing\(\s*(?:\w+|'[^']*'),)\s*('(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;
  return sourceFiles(SRC).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(call)].map((m) => ({
      where: path.slice(SRC.length + 1),
      text: (m[1] as string)
        .slice(1, -1)
        .replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, (slot) => constantValue(slot.slice(2, -1)) ?? '7')
        .replace(/\\(.)/g, '$1'),
    })),
  );
}

/** A contract constant's text (`${LOCATION_UNAVAILABLE_PREFIX}`), else undefined. */
function constantValue(name: string): string | undefined {
  const value = (contract as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** A literal that only passes other messages on (`${where}${issue.message}`): nothing of its own to translate. */
const passesOn = (text: string) => !/[a-z]{2}/i.test(text);

/** Every text of a feature's texts object (its templates called with sample values). */
function leaves(texts: Record<string, unknown>, skip: string[] = []): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    if (skip.includes(key)) return [];
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [String(value(...Array.from({ length: value.length }, () => '7')))];
    return [];
  });
}

describe('every user-facing server message is in the catalog (issue #43)', () => {
  it('finds the literals it checks (the scan works)', () => {
    expect(thrownLiterals().length).toBeGreaterThan(40);
  });

  it('every literal thrown as an AppError, SkillError, badRequest or notFound is translated', () => {
    const english = thrownLiterals().filter(({ text }) => !passesOn(text) && translateMessage(text, 'de') === text);
    expect(english).toEqual([]);
  });

  it("every feature's texts are translated", () => {
    const all = [
      ...leaves(conversationTexts, ['continuePrompt']),
      ...leaves(creatorTexts, ['avatarPrompt', 'limits', 'unknownModel']),
      creatorTexts.unknownModel('gpt-x', ['model-a', 'model-b']),
      creatorTexts.unknownModel('gpt-x', []),
      ...leaves(archiveTexts),
      archiveTexts.perDay(1),
      ...[401, 429, 500, 404].flatMap((status) => [
        providerErrorMessage('weather service', status),
        providerErrorMessage('weather service', status, 'bad key'),
      ]),
      ...leaves(mediaTexts),
      ...leaves(avatarTexts),
      ...leaves(memoryServiceTexts),
      ...leaves(limitTexts),
      limitTexts.daily(1, '2026-01-02 00:00 UTC'),
      limitTexts.monthly(1, '2026-02-01 00:00 UTC'),
      ...leaves(cardTexts),
      TICKET_GONE_MESSAGE,
      ...leaves(TWO_FACTOR_MESSAGES),
      ...leaves(PASSKEY_MESSAGES),
      ...leaves(DEVICE_MESSAGES),
      ...leaves(contract.folderInputTexts),
      FOLDERS_FULL,
    ];
    expect(all.filter((text) => translateMessage(text, 'ja') === text)).toEqual([]);
  });

  it('every message constant of the contract (`…_MESSAGE`, `…_MESSAGES`) is translated', () => {
    const texts = Object.entries(contract).flatMap(([name, value]) => {
      if (name.endsWith('_MESSAGE') && typeof value === 'string') return [value];
      if (name.endsWith('_MESSAGES') && typeof value === 'object' && value) return leaves(value as never);
      return [];
    });
    expect(texts.length).toBeGreaterThan(10);
    // A device's answer to the model (SPEC §8, verbatim), not a message the server shows.
    const forTheModel = [contract.UNSUPPORTED_DATAPOINT_MESSAGE];
    const english = texts.filter((text) => !forTheModel.includes(text) && translateMessage(text, 'ar') === text);
    expect(english).toEqual([]);
  });

  it('an English literal added to a throw would fail the scan', () => {
    expect(translateMessage('A brand new sentence nobody translated.', 'de')).toBe(
      'A brand new sentence nobody translated.',
    );
  });
});
