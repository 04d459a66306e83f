/** `text` as a literal inside a LIKE pattern written with `ESCAPE '\'` (its %, _ and \ escaped). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
