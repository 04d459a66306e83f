/** What a user is told about a document (en-US; translations in i18n/locales/*-errors.ts). */
export const documentTexts = {
  disguised: 'The file’s name says it is a document, but its content is something else. Upload the real document.',
  encrypted: 'The document is protected with a password. Remove the password and upload it again.',
  corrupt: 'The document could not be read; it may be damaged. Try another file.',
  noText: 'The document has no text to read (it may be a scan, and reading scans is not available here).',
  tooManyPages: (max: number) => `The document has more than ${max} pages. Split it into smaller files.`,
  tooBig: 'The document holds more text than this app takes. Split it into smaller files.',
  timedOut: 'Reading the document took too long. Try a smaller file.',
  tooMany: (max: number) =>
    `You can keep at most ${max} documents. Delete chats or personas with documents you no longer need to make room.`,
  knowledgeNotOwned: 'Knowledge files must be documents you uploaded.',
};
