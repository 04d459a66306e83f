/** PLACEHOLDER: the en-US texts until this locale's translation lands (flagged as untranslated). */
import { adminTexts } from '../../admin';
import type { AdminCatalog } from '../../catalog';

export const admin: AdminCatalog = adminTexts;

/** Marks this file as the stand-in the translation replaces (the catalog check flags it). */
export const placeholder = true;
