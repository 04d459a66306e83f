/** PLACEHOLDER: the en-US texts until this locale's translation lands (flagged as untranslated). */
import type { CreatorCatalog } from '../../catalog';
import { creatorTexts } from '../../creator';

export const creator: CreatorCatalog = creatorTexts;

/** Marks this file as the stand-in the translation replaces (the catalog check flags it). */
export const placeholder = true;
