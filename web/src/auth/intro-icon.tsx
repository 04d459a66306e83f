/** Line icons of the intro cells (inline SVG: no emoji font needed). */
const PATHS: string[] = [
  // wave / greeting: a smiling face
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-3.5-7.5a4 4 0 0 0 7 0M9 9.5h.01M15 9.5h.01',
  // search
  'M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Zm5.3-2.2L21 21',
  // image
  'M4 5h16v14H4zM4 16l4.5-4.5 3.5 3.5 2.5-2.5L20 18M15.5 9.5h.01',
  // character: a mask
  'M4 6c3-1.5 13-1.5 16 0 0 7-3 12-8 12S4 13 4 6Zm4.5 4.5h2M13.5 10.5h2M9.5 14.5c1.5 1 3.5 1 5 0',
  // chat bubble
  'M4 5h16v11H9l-5 4z',
  // sparkles
  'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.8 2.2 2.2.8-2.2.8L19 21l-.8-2.2-2.2-.8 2.2-.8z',
];

export function IntroIcon({ index }: { index: number }) {
  return (
    <span className="flex h-16 w-16 items-center justify-center rounded-full bg-accent/15 text-accent-text">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="32"
        height="32"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[index] ?? PATHS[0]} />
      </svg>
    </span>
  );
}
