/** What a user is told about an upload (en-US; translations in i18n/locales/*-errors.ts). */
export const fileTexts = {
  unsupported: 'The file is not a picture this app takes. Upload a PNG, JPEG, WebP or GIF image.',
  corrupt: 'The picture could not be read; it may be damaged. Try another file.',
  tooManyPixels: 'The picture has too many pixels. Use one of at most 40 megapixels.',
  maskNotPng: 'A mask must be a PNG image.',
  quota: (mb: number) =>
    `Your files have reached the ${mb} MB storage limit. Delete chats with pictures or music you no longer need to make room.`,
};
