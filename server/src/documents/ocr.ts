import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether the OCR engine (Debian tesseract-ocr + poppler-utils) is installed; asked once. */
let available: Promise<boolean> | undefined;
export function ocrAvailable(): Promise<boolean> {
  available ??= Promise.all([run('tesseract', ['--version']), run('pdftoppm', ['-v'])]).then(
    () => true,
    () => false,
  );
  return available;
}

/**
 * The text of pages `1..pages` of a scanned PDF: each page rendered to a grey PNG (pdftoppm, 300 dpi)
 * and read by tesseract, one child process at a time (never the event loop). `progress` hears each page.
 */
export async function ocrPdf(
  bytes: Buffer,
  pages: number,
  options: { signal?: AbortSignal; progress?: (done: number) => void } = {},
): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'neura-ocr-'));
  try {
    const pdf = path.join(dir, 'in.pdf');
    await fs.writeFile(pdf, bytes);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++) {
      options.signal?.throwIfAborted();
      const image = path.join(dir, `page-${page}`);
      const common = { signal: options.signal, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 };
      await run(
        'pdftoppm',
        ['-r', '300', '-gray', '-png', '-f', `${page}`, '-l', `${page}`, '-singlefile', pdf, image],
        common,
      );
      const { stdout } = await run('tesseract', [`${image}.png`, '-', '-l', 'eng', '--psm', '3'], common);
      texts.push(stdout.trim());
      await fs.rm(`${image}.png`, { force: true });
      options.progress?.(page);
    }
    return texts;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
