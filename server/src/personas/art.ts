import { createHash } from 'node:crypto';
import { DEFAULT_MOTIF, MOTIFS } from './motifs.js';

/** Gradient pairs of the seed personas; imported personas get one derived from their id. */
const PALETTES: Record<string, [string, string]> = {
  default: ['#8b5cf6', '#22d3ee'],
  'mindful-coach': ['#34d399', '#0ea5e9'],
  'startup-advisor': ['#f59e0b', '#ef4444'],
  'pirate-storyteller': ['#0ea5e9', '#1e3a8a'],
  sherlock: ['#78716c', '#1c1917'],
  'budget-buddy': ['#22c55e', '#15803d'],
  'studio-muse': ['#ec4899', '#8b5cf6'],
  scout: ['#06b6d4', '#3b82f6'],
  'sleep-guide': ['#6366f1', '#1e1b4b'],
  'trainer-max': ['#f97316', '#dc2626'],
  'nutrition-pal': ['#84cc16', '#16a34a'],
  'brand-strategist': ['#f43f5e', '#f59e0b'],
  'career-coach': ['#0ea5e9', '#6366f1'],
  'name-smith': ['#a855f7', '#ec4899'],
  'spreadsheet-wizard': ['#10b981', '#0f766e'],
  'chef-basil': ['#f59e0b', '#b45309'],
  'dj-nova': ['#d946ef', '#4f46e5'],
  'sky-watcher': ['#38bdf8', '#f59e0b'],
  wanderer: ['#14b8a6', '#f97316'],
  'the-bard': ['#b45309', '#7c2d12'],
  'unit-7': ['#94a3b8', '#0f172a'],
  'archmage-elowen': ['#7c3aed', '#0e7490'],
  'ember-dragon': ['#ef4444', '#f59e0b'],
  socrates: ['#e2e8f0', '#64748b'],
  'professor-ada': ['#3b82f6', '#9333ea'],
  'dev-buddy': ['#22c55e', '#0f172a'],
  'kind-listener': ['#fb7185', '#a855f7'],
  'story-weaver': ['#f59e0b', '#db2777'],
};

function hueFromId(id: string): number {
  return createHash('sha1').update(id).digest()[0] ?? 0;
}

export function paletteFor(id: string): [string, string] {
  const known = PALETTES[id];
  if (known) return known;
  const hue = Math.round((hueFromId(id) / 255) * 360);
  return [`hsl(${hue} 80% 58%)`, `hsl(${(hue + 50) % 360} 70% 38%)`];
}

const safeId = (id: string) => id.replace(/[^a-z0-9-]/gi, '');

function motifFor(icon: string): string {
  return MOTIFS[icon] ?? MOTIFS[DEFAULT_MOTIF] ?? '';
}

/** The persona's icon: its motif in white line art on a rounded gradient tile (128 px square). */
export function renderIcon(persona: { id: string; icon: string }): string {
  const [from, to] = paletteFor(persona.id);
  const gid = `g-${safeId(persona.id)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="128" height="128" role="img">
<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="${gid}-l" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="64" height="64" rx="16" fill="url(#${gid})"/><rect width="64" height="64" rx="16" fill="url(#${gid}-l)"/>
<g fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round" color="#fff">${motifFor(persona.icon)}</g>
</svg>`;
}

/** A wide background for Featured cards: the palette, soft light and the motif drawn large. */
export function renderBackground(persona: { id: string; icon: string }): string {
  const [from, to] = paletteFor(persona.id);
  const gid = `b-${safeId(persona.id)}`;
  const seed = hueFromId(persona.id);
  const dots = Array.from({ length: 14 }, (_, i) => {
    const x = (seed * (i + 3) * 37) % 640;
    const y = (seed * (i + 7) * 53) % 360;
    const r = 1 + ((seed + i * 11) % 3);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${0.15 + (i % 4) * 0.08}"/>`;
  }).join('');
  const motif = motifFor(persona.icon);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" preserveAspectRatio="xMidYMid slice" role="img">
<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="${gid}-a" cx="0.85" cy="0.1" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.4"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="${gid}-s" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#${gid})"/><rect width="640" height="360" fill="url(#${gid}-a)"/>
<circle cx="110" cy="330" r="170" fill="#fff" fill-opacity="0.07"/><circle cx="600" cy="40" r="120" fill="#fff" fill-opacity="0.08"/>
${dots}
<g transform="translate(360 20) scale(5)" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" color="#fff">${motif}</g>
<rect width="640" height="360" fill="url(#${gid}-s)"/>
</svg>`;
}
