import type { CustomPersona } from '@neura/contract';
import sharp from 'sharp';
import { fromJson } from '../db/database.js';
import type { FileStore } from '../files/storage.js';
import { type CardData, cardDataOf, personaInputOf, readCard, v3Card, writeCardPng } from './card.js';
import { isPng } from './png-chunks.js';
import type { CreatorService } from './service.js';

export interface ExportedCard {
  /** `application/json` or `image/png`. */
  mimeType: string;
  fileName: string;
  body: Buffer;
}

/** A plain picture for a card whose persona has no avatar (cards are PNGs; readers show it). */
const plainPicture = () =>
  sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 91, g: 62, b: 200 } } })
    .png()
    .toBuffer();

const fileNameOf = (name: string, ext: string) =>
  `${
    name
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || 'character'
  }.${ext}`;

/**
 * Character cards in and out of people's own personas (issue #49): an import is a private draft
 * (going public still goes through review, like any edit); an export is a V3 card with a V2 chunk
 * for older readers, or its JSON.
 */
export class CardService {
  constructor(
    private readonly d: {
      creator: Pick<CreatorService, 'create' | 'setAvatar' | 'ownedRow'>;
      store: Pick<FileStore, 'get'>;
      instructionsMax: number;
    },
  ) {}

  async import(userId: string, bytes: Buffer): Promise<CustomPersona> {
    const data = readCard(bytes);
    const { input, tags } = personaInputOf(data, this.d.instructionsMax);
    const persona = await this.d.creator.create(userId, input, { tags, card: data });
    if (!isPng(bytes)) return persona;
    try {
      // The card's picture becomes the avatar (re-encoded, metadata gone) when it can be read.
      return await this.d.creator.setAvatar(userId, persona.id, bytes);
    } catch {
      return persona;
    }
  }

  async export(userId: string, id: string, format: 'png' | 'json'): Promise<ExportedCard> {
    const row = await this.d.creator.ownedRow(userId, id);
    const data = cardDataOf({
      name: row.name,
      description: row.description,
      instructions: row.system_prompt,
      greeting: row.greeting,
      tags: fromJson<string[]>(row.tags, []),
      card: fromJson<CardData | null>(row.card, null),
      instructionsMax: this.d.instructionsMax,
    });
    if (format === 'json') {
      return {
        mimeType: 'application/json',
        fileName: fileNameOf(row.name, 'json'),
        body: Buffer.from(JSON.stringify(v3Card(data), null, 2)),
      };
    }
    const avatar = row.avatar ? await this.d.store.get(row.avatar) : undefined;
    const picture = avatar ? await sharp(avatar).png().toBuffer() : await plainPicture();
    return { mimeType: 'image/png', fileName: fileNameOf(row.name, 'png'), body: writeCardPng(picture, data) };
  }
}
