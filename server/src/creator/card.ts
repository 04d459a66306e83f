import { CONTROL_CHARS_MULTILINE, CUSTOM_PERSONA_LIMITS } from '@neura/contract';
import { badRequest } from '../errors.js';
import { isPng, PngError, readChunks, textChunk, textsOf, writeChunks } from './png-chunks.js';

/**
 * Character cards (issue #49): the role-play world's persona format, spec V1 (fields at the root),
 * V2 (`chara_card_v2`, PNG keyword `chara`) and V3 (`chara_card_v3`, keyword `ccv3`, preferred when
 * both are there). Cards are untrusted: sizes are capped, every text is only ever data (never
 * markup, never run), and the whole card is kept so unknown fields survive an export.
 */

/** The biggest card text taken (a card with a large lorebook stays well under it). */
export const CARD_TEXT_MAX = 2 * 1024 * 1024;

export const cardTexts = {
  missing: 'No card was sent. Put the PNG or JSON card in a field named "file".',
  notCard: 'This file is not a character card. Send a PNG card or its JSON.',
  badPng: 'The PNG is damaged or incomplete, so its card could not be read.',
  noChunk: 'This PNG has no character card in it (no "chara" or "ccv3" text chunk).',
  badBase64: 'The card in this PNG is not valid base64.',
  badJson: 'The card is not valid JSON.',
  noName: 'The card has no character in it: a card needs at least a name.',
  tooLarge: (kb: number) => `The card is larger than ${kb} KB.`,
} as const;

/** A card's character fields (V2/V3 `data`), with whatever else it had kept as it was. */
export type CardData = Record<string, unknown> & { name: string };

const V3_ONLY = [
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'group_only_greetings',
  'creation_date',
  'modification_date',
];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Text as data: line ends made `\n`, control characters (other than tab and newline) removed. */
const CONTROL = new RegExp(CONTROL_CHARS_MULTILINE.source, 'g');
export const clean = (text: string): string => text.replace(/\r\n?/g, '\n').replace(CONTROL, '');

function parseJson(text: string): unknown {
  if (Buffer.byteLength(text) > CARD_TEXT_MAX) throw badRequest(cardTexts.tooLarge(CARD_TEXT_MAX / 1024));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(cardTexts.badJson);
  }
}

/** The character of a parsed card (V1, V2 or V3); a 400 when it has none. */
export function cardData(json: unknown): CardData {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw badRequest(cardTexts.notCard);
  const card = json as Record<string, unknown>;
  const spec = str(card.spec);
  const inner = card.data;
  const data =
    (spec === 'chara_card_v2' || spec === 'chara_card_v3' || (spec === '' && inner && typeof inner === 'object')) &&
    inner &&
    typeof inner === 'object' &&
    !Array.isArray(inner)
      ? (inner as Record<string, unknown>)
      : card;
  const name = clean(str(data.name)).trim();
  if (!name) throw badRequest(cardTexts.noName);
  return { ...data, name };
}

function decodeBase64(text: string): string {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) throw badRequest(cardTexts.badBase64);
  return Buffer.from(compact, 'base64').toString('utf8');
}

/** A card from an upload: a PNG with a `ccv3` or `chara` chunk (anywhere, also after IDAT), or its JSON. */
export function readCard(bytes: Buffer): CardData {
  if (isPng(bytes)) {
    let texts: Map<string, string>;
    try {
      texts = textsOf(readChunks(bytes), CARD_TEXT_MAX * 2);
    } catch (error) {
      if (error instanceof PngError) throw badRequest(cardTexts.badPng);
      throw error;
    }
    const chunk = texts.get('ccv3') ?? texts.get('chara');
    if (chunk === undefined) throw badRequest(cardTexts.noChunk);
    return cardData(parseJson(decodeBase64(chunk)));
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('{')) throw badRequest(cardTexts.notCard);
  return cardData(parseJson(text));
}

/** SillyTavern's `{{char}}` / `{{user}}` (V1: `<BOT>` / `<USER>`): the name, and who reads it. */
const macros = (text: string, name: string, user = 'the user') =>
  text.replace(/\{\{char\}\}|<BOT>/gi, name).replace(/\{\{user\}\}|<USER>/gi, user);

/** The persona's instructions made of a card's character: who it is, its personality, scenario and examples. */
export function instructionsOf(data: CardData, max: number): string {
  const name = data.name;
  const section = (label: string, value: unknown) => {
    const text = clean(str(value)).trim();
    return text ? `${label}${macros(text, name)}` : '';
  };
  const text = [
    `You are ${name}. Stay in character.`,
    section('', data.description),
    section('Personality: ', data.personality),
    section('Scenario: ', data.scenario),
    section('Example messages:\n', data.mes_example),
    section('', data.system_prompt),
    section('', data.post_history_instructions),
  ]
    .filter(Boolean)
    .join('\n\n');
  return text.slice(0, max);
}

/** What the builder's create takes from a card (a private draft; the limits applied by truncating). */
export function personaInputOf(data: CardData, instructionsMax: number) {
  const limits = CUSTOM_PERSONA_LIMITS;
  const line = (value: unknown, max: number) => clean(str(value)).replace(/\s+/g, ' ').trim().slice(0, max);
  // A greeting is shown to whoever opens the chat: addressed as a friend, not by a name.
  const greeting = macros(clean(str(data.first_mes)).trim(), data.name, 'friend').slice(0, limits.greeting);
  const blurb = clean(str(data.creator_notes)).trim() || clean(str(data.description)).trim();
  return {
    input: {
      name: line(data.name, limits.name),
      instructions: instructionsOf(data, instructionsMax),
      greeting: greeting || null,
      description: macros(blurb, data.name).slice(0, limits.description) || null,
      visibility: 'private' as const,
    },
    tags: strings(data.tags)
      .map((tag) => line(tag, 30))
      .filter(Boolean)
      .slice(0, 10),
  };
}

/** What an export knows of a persona. */
export interface PersonaForCard {
  name: string;
  description: string;
  instructions: string;
  greeting: string | null;
  tags: string[];
  /** The card it was imported from, when it was. */
  card: CardData | null;
  instructionsMax: number;
}

/**
 * The persona as a V3 card's `data`: the imported card's fields (unknown ones too) with the
 * persona's current name, greeting, tags and notes; its instructions become the description unless
 * they are still the ones the card made (then the card's own fields stay).
 */
export function cardDataOf(p: PersonaForCard): Record<string, unknown> {
  const base: Record<string, unknown> = p.card ? { ...p.card } : {};
  const unchanged = p.card !== null && instructionsOf(p.card, p.instructionsMax) === p.instructions;
  return {
    description: '',
    personality: '',
    scenario: '',
    mes_example: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    group_only_greetings: [],
    creator: '',
    character_version: '',
    extensions: {},
    ...base,
    ...(unchanged
      ? {}
      : { description: p.instructions, personality: '', scenario: '', mes_example: '', system_prompt: '' }),
    name: p.name,
    first_mes: p.greeting ?? '',
    tags: p.tags,
    creator_notes: p.description || str(base.creator_notes),
  };
}

export const v3Card = (data: Record<string, unknown>) => ({ spec: 'chara_card_v3', spec_version: '3.0', data });

export const v2Card = (data: Record<string, unknown>) => ({
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: Object.fromEntries(Object.entries(data).filter(([key]) => !V3_ONLY.includes(key))),
});

const base64Of = (json: unknown) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64');

/** A PNG card: the picture with its old card chunks removed, then `chara` (V2) and `ccv3` (V3) before IEND. */
export function writeCardPng(picture: Buffer, data: Record<string, unknown>): Buffer {
  let chunks: ReturnType<typeof readChunks>;
  try {
    chunks = readChunks(picture);
  } catch (error) {
    throw new Error('the card picture is not a PNG that could be read', { cause: error });
  }
  const kept = chunks.filter((c) => {
    if (c.type === 'IEND') return false;
    if (c.type !== 'tEXt' && c.type !== 'zTXt' && c.type !== 'iTXt') return true;
    const keyword = c.data.toString('latin1', 0, Math.max(0, c.data.indexOf(0)));
    return keyword !== 'chara' && keyword !== 'ccv3';
  });
  return writeChunks([
    ...kept,
    textChunk('chara', base64Of(v2Card(data))),
    textChunk('ccv3', base64Of(v3Card(data))),
    { type: 'IEND', data: Buffer.alloc(0) },
  ]);
}
