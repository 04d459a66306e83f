import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, hasNoControlChars } from './validators.js';

/** Folders (wave 4, issue #49): the signed-in user's own groups of chats. */

const plainText = () => z.string().refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);

/** The most folders one user keeps. */
export const FOLDERS_MAX = 50;
export const FOLDER_NAME_MAX = 60;

export const folderInputTexts = {
  nameEmpty: 'Give the folder a name.',
  nameTooLong: `A folder name can be at most ${FOLDER_NAME_MAX} characters.`,
  patchEmpty: 'Send a new name or position.',
} as const;

export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 first; the list is in this order. */
  position: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;

const folderName = () =>
  plainText().trim().min(1, folderInputTexts.nameEmpty).max(FOLDER_NAME_MAX, folderInputTexts.nameTooLong);

/** `POST /users/me/folders`: answers 201 with the folder (last in the list). */
export const folderCreateSchema = z.strictObject({ name: folderName() });

/** `PATCH /users/me/folders/{id}`: a new name, a new position (the others move to make room), or both. */
export const folderPatchSchema = z
  .strictObject({
    name: folderName().optional(),
    position: z.number().int().min(0).max(FOLDERS_MAX).optional(),
  })
  .refine((v) => v.name !== undefined || v.position !== undefined, { message: folderInputTexts.patchEmpty });
export type FolderPatch = z.infer<typeof folderPatchSchema>;
