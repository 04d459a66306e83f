import path from 'node:path';
import { handbook, makeDocx, makeScannedPdf } from '@neura/test-kit/documents';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { modelApp, openChatAs } from '../support/model-app.js';

/**
 * Documents (issue #45) in Chromium at both sizes: attach a PDF, ask, see the reply cite "page N",
 * open the citation (the document at that page); the same for a Word file and a scanned PDF (OCR).
 * Screenshots go to e2e/artifacts/screenshots/documents/.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'documents');

const started = modelApp();

const open = (browser: Browser, size: (typeof SIZES)[number]) => openChatAs(browser, started.app, size);

/** Attaches a file, asks, and waits for the reply with its citations. */
async function ask(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, question: string) {
  await page.getByTestId('attach-input').setInputFiles(file);
  const chip = page.getByTestId('document-chip');
  await expect(chip).toContainText(file.name);
  await expect(chip).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const reply = page.locator('[data-role="assistant"]').last();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  return reply;
}

for (const size of SIZES) {
  test(`should answer from an attached PDF citing its page, and open the citation (${size.name})`, async ({
    browser,
  }) => {
    started.model.setScript({ chunks: ['Zebras go to the night porter (handbook, page 7).'] });
    const { page, chatId } = await open(browser, size);
    await page.goto(`${started.app.url}/chats/${chatId}`);
    const buffer = await handbook(12, { 7: 'Zebras in the parking garage must be reported to the night porter.' });
    const reply = await ask(page, { name: 'handbook.pdf', mimeType: 'application/pdf', buffer }, 'What about zebras?');
    await expect(page.getByTestId('message-documents')).toContainText('handbook.pdf');
    await expect(page.getByTestId('message-documents')).toContainText('12 pages');
    const source = reply.getByTestId('source').first();
    await expect(source).toContainText('handbook.pdf · page 7');
    await expect(source).toContainText('Zebras in the parking garage');
    await page.screenshot({ path: path.join(SHOTS, `pdf-citation-${size.name}.png`), animations: 'disabled' });

    const [tab] = await Promise.all([page.context().waitForEvent('page'), source.click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:.*#page=7$/);
  });
}

test('should answer from a Word file', async ({ browser }) => {
  started.model.setScript({ chunks: ['The plant is Ferdinand.'] });
  const { page, chatId } = await open(browser, SIZES[1]);
  await page.goto(`${started.app.url}/chats/${chatId}`);
  const buffer = await makeDocx(['The office plant is called Ferdinand.', 'Water it on Mondays.']);
  const reply = await ask(
    page,
    { name: 'plant.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer },
    'What is the plant called?',
  );
  await expect(reply.getByTestId('source').first()).toContainText('plant.docx');
  await expect(reply.getByTestId('source').first()).toContainText('Ferdinand');
  await page.screenshot({ path: path.join(SHOTS, 'docx-citation-desktop.png'), animations: 'disabled' });
});

test('should read a scanned PDF with OCR and cite its page', async ({ browser }) => {
  test.setTimeout(120_000);
  started.model.setScript({ chunks: ['The keeper feeds them on Tuesdays (scan, page 1).'] });
  const { page, chatId } = await open(browser, SIZES[0]);
  await page.goto(`${started.app.url}/chats/${chatId}`);
  const buffer = await makeScannedPdf(['The lighthouse keeper feeds pelicans', 'every Tuesday at noon.']);
  const reply = await ask(page, { name: 'scan.pdf', mimeType: 'application/pdf', buffer }, 'Who feeds the pelicans?');
  const source = reply.getByTestId('source').first();
  await expect(source).toContainText('scan.pdf · page 1');
  await expect(source).toContainText('pelicans');
  await page.screenshot({ path: path.join(SHOTS, 'scan-citation-phone.png'), animations: 'disabled' });
});
