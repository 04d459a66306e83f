/**
 * PLACEHOLDER: the en-US texts until this locale's translation lands (the catalog check flags it as
 * untranslated). The translated catalog replaces this file.
 */
import type { MainCatalog } from '../../catalog';
import {
  billingTexts,
  mediaTexts,
  messageActionTexts,
  platformTexts,
  replyTexts,
  skillTexts,
  texts,
} from '../../texts';

export const main: MainCatalog = {
  texts,
  billingTexts,
  skillTexts,
  platformTexts,
  messageActionTexts,
  replyTexts,
  mediaTexts,
};

/** Marks this file as the stand-in the translation replaces (the catalog check flags it). */
export const placeholder = true;
