/**
 * The web manifest's screenshots (issue #25 P6): the built app (`npm run build`, served as `npm
 * start` serves it, SQLite) in Chromium, a chat with a persona at a phone size and a desktop size,
 * written to web/public/screenshots/ at exactly the sizes web/public/manifest.webmanifest lists
 * (scripts/manifest.test.mjs checks them).
 *
 *   npm run build && node --import tsx e2e/tools/manifest-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { repoRoot, startServerProcess } from '@neura/test-kit/server/process';
import { chromium } from '@playwright/test';

export const SHOTS = [
  { file: 'chat-narrow.png', width: 390, height: 844 },
  { file: 'chat-wide.png', width: 1366, height: 900 },
] as const;

const OUT = path.join(repoRoot, 'web/public/screenshots');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CONVERSATION = [
  { role: 'user' as const, content: 'Plan a relaxed 3-day trip to Lisbon in May.' },
  {
    role: 'assistant' as const,
    content: [
      'Lisbon in May is warm and bright — here is an easy pace:',
      '',
      '**Day 1 · Alfama and the river**',
      '- Tram 28 up to the Castelo de São Jorge',
      '- Lunch at a tasca, then the Miradouro de Santa Luzia',
      '- Sunset walk along the Ribeira das Naus',
      '',
      '**Day 2 · Belém**',
      '- Jerónimos Monastery and the Torre de Belém',
      '- Pastéis de Belém, still warm',
      '',
      '**Day 3 · Sintra**',
      '- A morning train to Sintra for the Pena Palace gardens',
      '',
      'Want me to check the weather for those days?',
    ].join('\n'),
  },
  { role: 'user' as const, content: 'Yes please, and where should I stay?' },
  {
    role: 'assistant' as const,
    content:
      'Chiado or Príncipe Real: central, walkable and quieter at night. Baixa is handy for trams but busier. I can look up guesthouses with good reviews in either.',
  },
];

async function main() {
  const app = await startServerProcess({ env: { NODE_ENV: 'production', PAYMENTS: 'off' }, startTimeoutMs: 60_000 });
  const target = openSeedTarget({ dataDir: app.dataDir });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const user = await createTestUser(target, { firstName: 'Maya', lastName: 'Silva', password: null, credits: 120 });
    const start = Date.now() - 10 * 60_000;
    const earlier = [
      { name: 'Weekend recipes', preview: 'A one-pan lemon chicken with potatoes and thyme…' },
      { name: 'Birthday card ideas', preview: 'Three short verses for a 40th birthday…' },
    ];
    for (const [i, { name, preview }] of earlier.entries()) {
      const at = new Date(start - (i + 1) * 86_400_000).toISOString();
      await createTestChat(target, user.id, 'default', { name, preview, lastMessageAt: at });
    }
    const chat = await createTestChat(target, user.id, 'default', {
      name: 'Lisbon in May',
      preview: 'Chiado or Príncipe Real: central, walkable and quieter at night.',
      lastMessageAt: new Date().toISOString(),
    });
    await addTestMessages(
      target,
      { id: chat.id, userId: user.id },
      CONVERSATION.map((m, i) => ({ ...m, at: new Date(start + i * 60_000).toISOString() })),
    );
    mkdirSync(OUT, { recursive: true });
    for (const shot of SHOTS) {
      // A desktop browser at both sizes (no store banner), device pixels = CSS pixels.
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: 1,
        colorScheme: 'dark',
      });
      await context.addInitScript((token) => {
        localStorage.setItem(
          'neura:persisted',
          JSON.stringify({ token, blackout: false, theme: 'dark', introFinished: true }),
        );
      }, user.token);
      const page = await context.newPage();
      await page.goto(`${app.url}/chats/${chat.id}`);
      await page.getByText('Chiado or Príncipe Real').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(OUT, shot.file), animations: 'disabled', caret: 'hide' });
      console.log(`${shot.file}: ${shot.width}×${shot.height}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await target.close();
    await app.stop();
  }
}

await main();
