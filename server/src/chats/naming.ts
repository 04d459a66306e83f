/** Longest derived chat name; the PATCH limit is 120, names read best far shorter. */
export const DERIVED_NAME_MAX = 48;

/**
 * A chat name from the first thing the user wrote: the first non-empty line, markdown marks and
 * extra spaces removed, cut at a word boundary with an ellipsis. Undefined when nothing usable.
 */
export function deriveChatName(text: string | undefined | null, max = DERIVED_NAME_MAX): string | undefined {
  if (!text) return undefined;
  const line = text
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/[`*_#>~[\]]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .find((l) => l.length > 0);
  if (!line) return undefined;
  const clean = line.replace(/[\s.,;:!?-]+$/, '');
  if (clean.length === 0) return undefined;
  const capitalised = clean.charAt(0).toUpperCase() + clean.slice(1);
  if (capitalised.length <= max) return capitalised;
  const cut = capitalised.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
