/**
 * Our own line-art motifs for persona icons (64×64 grid, drawn with a round 3.5 px stroke and no
 * fill unless an element sets one). Each persona's `icon` field names one of these.
 */
export const MOTIFS: Record<string, string> = {
  spark:
    '<path d="M32 10c1.8 12.6 5.4 16.2 18 18-12.6 1.8-16.2 5.4-18 18-1.8-12.6-5.4-16.2-18-18 12.6-1.8 16.2-5.4 18-18z"/><path d="M48 44c.7 4 1.9 5.3 6 6-4.1.7-5.3 1.9-6 6-.7-4.1-1.9-5.3-6-6 4.1-.7 5.3-2 6-6z"/>',
  lotus:
    '<path d="M32 46c-6-5-8-12-8-18 0-5 3-10 8-14 5 4 8 9 8 14 0 6-2 13-8 18z"/><path d="M30 46c-8-1-15-6-17-15 5-1 10 0 14 3"/><path d="M34 46c8-1 15-6 17-15-5-1-10 0-14 3"/><path d="M14 50h36"/>',
  chart: '<path d="M14 14v36h36"/><path d="M20 42l9-10 7 6 12-15"/><path d="M40 23h8v8"/>',
  anchor:
    '<circle cx="32" cy="15" r="5"/><path d="M32 20v32"/><path d="M24 28h16"/><path d="M14 38c1 9 9 14 18 14s17-5 18-14"/><path d="M10 42l4-5 5 4"/><path d="M54 42l-4-5-5 4"/>',
  magnifier: '<circle cx="28" cy="28" r="13"/><path d="M38 38l13 13"/><path d="M22 24c1.5-3 4-4.5 7-4.5"/>',
  coin: '<circle cx="32" cy="32" r="19"/><path d="M38 24c-1.5-2.5-4-3.5-6.5-3.5-3.6 0-6.5 2-6.5 5.2 0 7 13.5 3.8 13.5 11 0 3.3-3 5.5-7 5.5-3 0-5.8-1.2-7.3-3.7"/><path d="M32 16.5v4M32 43.5v4"/>',
  palette:
    '<path d="M32 12c-11 0-20 8.5-20 19.5S20 52 31 52c3.5 0 4.5-2.5 3.5-5-1.2-3 .5-5.5 3.8-5.5H43c5.5 0 9-3.5 9-9C52 20.5 43 12 32 12z"/><circle cx="22" cy="30" r="2.5" fill="currentColor"/><circle cx="28" cy="21" r="2.5" fill="currentColor"/><circle cx="38" cy="21" r="2.5" fill="currentColor"/><circle cx="44" cy="30" r="2.5" fill="currentColor"/>',
  globe:
    '<circle cx="32" cy="32" r="19"/><path d="M13 32h38"/><path d="M32 13c6 5.5 8.5 12 8.5 19S38 45.5 32 51c-6-5.5-8.5-12-8.5-19S26 18.5 32 13z"/><path d="M16 22h32M16 42h32"/>',
  moon: '<path d="M44 40A18 18 0 0 1 26 14a18 18 0 1 0 18 26z"/><path d="M44 14v6M41 17h6"/><path d="M50 26v4M48 28h4"/>',
  dumbbell:
    '<path d="M10 28v8M16 22v20M48 22v20M54 28v8"/><path d="M16 32h32"/><rect x="20" y="25" width="4" height="14" rx="1"/><rect x="40" y="25" width="4" height="14" rx="1"/>',
  leaf: '<path d="M16 48C14 30 24 16 48 14c2 24-12 34-30 32"/><path d="M18 46c6-10 14-18 24-24"/>',
  megaphone:
    '<path d="M14 27v10h8l20 10V17L22 27h-8z"/><path d="M22 37l3 12h6l-2-10"/><path d="M48 26c2.5 1.5 3.5 3.5 3.5 6s-1 4.5-3.5 6"/>',
  briefcase:
    '<rect x="12" y="22" width="40" height="26" rx="4"/><path d="M25 22v-4a3 3 0 0 1 3-3h8a3 3 0 0 1 3 3v4"/><path d="M12 33h40"/><path d="M29 33v4h6v-4"/>',
  tag: '<path d="M14 14h18l18 18-18 18-18-18z"/><circle cx="24" cy="24" r="3.5"/><path d="M30 40l10-10"/>',
  grid: '<rect x="13" y="13" width="38" height="38" rx="4"/><path d="M13 25h38M13 38h38M26 13v38M39 13v38"/><path d="M29 46l5-4 4 2 5-5" />',
  pot: '<path d="M14 30h36v8a14 14 0 0 1-14 14h-8a14 14 0 0 1-14-14z"/><path d="M10 30h44"/><path d="M26 22c-2-3 2-5 0-8M32 22c-2-3 2-5 0-8M38 22c-2-3 2-5 0-8"/>',
  note: '<path d="M26 44V16l22-5v28"/><circle cx="20" cy="44" r="6"/><circle cx="42" cy="39" r="6"/><path d="M26 24l22-5"/>',
  cloud:
    '<circle cx="24" cy="22" r="8"/><path d="M24 8v3M12 11l2 2M36 11l-2 2M10 22h3"/><path d="M20 50h24a9 9 0 0 0 1-18 12 12 0 0 0-23 3 8 8 0 0 0-2 15z"/>',
  compass:
    '<circle cx="32" cy="32" r="19"/><path d="M40 24l-5 11-11 5 5-11z"/><path d="M32 13v4M32 47v4M13 32h4M47 32h4"/>',
  quill:
    '<path d="M50 12C34 14 22 26 18 46"/><path d="M50 12c-2 12-10 22-22 26"/><path d="M50 12c-10 2-18 8-24 18"/><path d="M14 52h16"/>',
  robot:
    '<rect x="16" y="20" width="32" height="26" rx="6"/><circle cx="26" cy="32" r="3.5"/><circle cx="38" cy="32" r="3.5"/><path d="M26 40h12"/><path d="M32 20v-6"/><circle cx="32" cy="11" r="3"/><path d="M12 30v8M52 30v8"/>',
  hat: '<path d="M12 48h40"/><path d="M18 48L30 12l16 20-8-2 6 18"/><path d="M26 36h14"/><path d="M44 12l1.5 3 3 1.5-3 1.5L44 21l-1.5-3-3-1.5 3-1.5z"/>',
  flame:
    '<path d="M32 52c-9 0-15-6-15-14 0-9 8-13 8-22 5 3 9 9 9 14 2-2 3-5 3-8 6 5 10 11 10 17 0 8-6 13-15 13z"/><path d="M32 52c-4 0-6-3-6-6 0-4 4-6 5-10 3 3 7 6 7 10 0 3-2 6-6 6z"/>',
  column:
    '<path d="M12 18h40L32 10z"/><path d="M14 18h36M16 50h32M12 54h40"/><path d="M20 22v24M28 22v24M36 22v24M44 22v24"/>',
  brush:
    '<path d="M50 12L30 36"/><path d="M30 36c-3-3-8-2-10 1-3 4-1 8-6 13 8 1 14-1 17-5 2-3 2-6-1-9z"/><path d="M44 18l4 4"/>',
  cap: '<path d="M6 26l26-12 26 12-26 12z"/><path d="M16 31v11c4 4 10 6 16 6s12-2 16-6V31"/><path d="M54 28v14"/>',
  code: '<path d="M22 20L10 32l12 12"/><path d="M42 20l12 12-12 12"/><path d="M36 14l-8 36"/>',
  heart:
    '<path d="M32 50S12 38 12 24c0-6 5-11 11-11 4 0 7 2 9 5 2-3 5-5 9-5 6 0 11 5 11 11 0 14-20 26-20 26z"/><path d="M20 30h6l3-5 4 10 3-5h8"/>',
  scroll:
    '<path d="M18 14h28a6 6 0 0 1 0 12H42v22a6 6 0 0 1-6 6H16a6 6 0 0 1 0-12h4V20a6 6 0 0 0-2-6z"/><path d="M26 28h10M26 35h10"/>',
  flask: '<path d="M26 12h12M28 12v14L15 48a4 4 0 0 0 3.5 6h27a4 4 0 0 0 3.5-6L36 26V12"/><path d="M20 40h24"/>',
};

export const DEFAULT_MOTIF = 'spark';
