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

for (const size of SIZES) {
  test(`should answer from a Word file (${size.name})`, async ({ browser }) => {
    started.model.setScript({ chunks: ['The plant is Ferdinand.'] });
    const { page, chatId } = await open(browser, size);
    await page.goto(`${started.app.url}/chats/${chatId}`);
    const buffer = await makeDocx(['The office plant is called Ferdinand.', 'Water it on Mondays.']);
    const reply = await ask(
      page,
      {
        name: 'plant.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer,
      },
      'What is the plant called?',
    );
    await expect(reply.getByTestId('source').first()).toContainText('plant.docx');
    await expect(reply.getByTestId('source').first()).toContainText('Ferdinand');
    await page.screenshot({ path: path.join(SHOTS, `docx-citation-${size.name}.png`), animations: 'disabled' });
  });

  test(`should read a scanned PDF with OCR and cite its page (${size.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    started.model.setScript({ chunks: ['The keeper feeds them on Tuesdays (scan, page 1).'] });
    const { page, chatId } = await open(browser, size);
    await page.goto(`${started.app.url}/chats/${chatId}`);
    const buffer = await makeScannedPdf(['The lighthouse keeper feeds pelicans', 'every Tuesday at noon.']);
    const reply = await ask(page, { name: 'scan.pdf', mimeType: 'application/pdf', buffer }, 'Who feeds the pelicans?');
    const source = reply.getByTestId('source').first();
    await expect(source).toContainText('scan.pdf · page 1');
    await expect(source).toContainText('pelicans');
    await page.screenshot({ path: path.join(SHOTS, `scan-citation-${size.name}.png`), animations: 'disabled' });
  });
}

test('should keep a sent scan’s chip live: reading after the send, then ready with its pages', async ({ browser }) => {
  test.setTimeout(120_000);
  started.model.setScript({ chunks: ['Noted.'] });
  const { page, chatId } = await open(browser, SIZES[0]);
  await page.goto(`${started.app.url}/chats/${chatId}`);
  const buffer = await makeScannedPdf(['The ferry leaves at seven.']);
  await page.getByTestId('attach-input').setInputFiles({ name: 'ferry.pdf', mimeType: 'application/pdf', buffer });
  await expect(page.getByTestId('document-chip')).toHaveAttribute('data-status', 'processing');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Read this when you can.');
  await box.press('Enter');
  const sent = page.getByTestId('message-documents').getByTestId('document-chip');
  await expect(sent).toContainText('ferry.pdf');
  await expect(sent).toHaveAttribute('data-status', 'processing');
  await page.screenshot({ path: path.join(SHOTS, 'sent-reading-phone.png'), animations: 'disabled' });
  await expect(sent).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(sent).toContainText('1 page');
});

for (const size of SIZES) {
  test(`should give an own persona knowledge files in the builder, with their status (${size.name})`, async ({
    browser,
  }) => {
    const { page } = await open(browser, size);
    await page.goto(`${started.app.url}/create`);
    await page.getByLabel(/^Name/).fill('Porter');
    await page.getByLabel(/^Instructions/).fill('Answer from the handbook.');
    const field = page.getByTestId('knowledge-field');
    const buffer = await handbook(3, { 2: 'Bicycles are kept in the cellar.' });
    await field
      .getByTestId('knowledge-input')
      .setInputFiles({ name: 'rules.pdf', mimeType: 'application/pdf', buffer });
    const file = field.getByTestId('knowledge-file');
    await expect(file).toContainText('rules.pdf');
    await expect(file.getByTestId('document-chip')).toHaveAttribute('data-status', 'ready');
    await expect(file).toContainText('3 pages');
    await page.getByTestId('persona-save').click();
    await expect(page).toHaveURL(/\?edit=/);
    await page.reload();
    await expect(page.getByTestId('knowledge-file')).toContainText('rules.pdf');
    await expect(page.getByTestId('knowledge-file')).toContainText('3 pages');
    await page.getByTestId('knowledge-field').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `builder-knowledge-${size.name}.png`), animations: 'disabled' });
    await page.getByRole('button', { name: 'Remove “rules.pdf”' }).click();
    await expect(page.getByTestId('knowledge-file')).toHaveCount(0);
  });
}
