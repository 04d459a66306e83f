import type { ImageBytes } from '../../files/images.js';
import type { FileService } from '../../files/service.js';
import { SkillError } from '../skill-error.js';

/** The image a skill was pointed at (the user's own; anything else reads as not found). */
export interface SourceImage {
  id: string;
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
  purpose: 'attachment' | 'mask' | 'generated' | 'knowledge';
}

export interface ImageResult {
  fileId: string;
  url: string;
  width: number;
  height: number;
  mimeType: string;
}

/** What the image and music skills may do with files, for one reply (its user and chat). */
export interface SkillFiles {
  image(id: string): Promise<SourceImage>;
  saveImage(image: ImageBytes): Promise<ImageResult>;
  saveAudio(bytes: Buffer, mimeType: string): Promise<{ fileId: string; url: string; mimeType: string }>;
}

export const IMAGE_NOT_FOUND = (id: string) =>
  `There is no image with the id "${id}" in this conversation. Ask the user to attach the picture.`;

export function skillFiles(
  files: Pick<FileService, 'readOwned' | 'saveResult' | 'url'> | undefined,
  userId: string,
  chatId: string,
): SkillFiles {
  const need = () => {
    if (!files) throw new SkillError('This server does not store files.');
    return files;
  };
  return {
    async image(id) {
      // Unknown and another user's id fail alike: the message names only the id the model sent.
      const loaded = await need()
        .readOwned(userId, id)
        .catch(() => undefined);
      if (!loaded?.row.mime_type.startsWith('image/') || !loaded.row.width || !loaded.row.height)
        throw new SkillError(IMAGE_NOT_FOUND(id));
      return {
        id,
        bytes: loaded.bytes,
        mimeType: loaded.row.mime_type,
        width: loaded.row.width,
        height: loaded.row.height,
        purpose: loaded.row.purpose,
      };
    },
    async saveImage(image) {
      const store = need();
      const row = await store.saveResult(userId, chatId, image);
      return {
        fileId: row.id,
        url: store.url(row.id),
        width: image.width,
        height: image.height,
        mimeType: image.mimeType,
      };
    },
    async saveAudio(bytes, mimeType) {
      const store = need();
      const row = await store.saveResult(userId, chatId, { bytes, mimeType });
      return { fileId: row.id, url: store.url(row.id), mimeType };
    },
  };
}
