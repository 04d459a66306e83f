import { randomBytes } from 'node:crypto';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** Test documents (issue #45): PDFs by pdf-lib, DOCX by docx, a scan as an image-only PDF, an encrypted PDF by hand. */

/** A PDF with one page per entry (each entry's lines written top-down). */
export async function makePdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 40, y: 800 - i * 14, size: 10, font });
    });
  }
  return Buffer.from(await doc.save());
}

/** A long handbook: filler on every page, and `topics[page]` (1-based) on the pages that have one. */
export function handbook(count: number, topics: Record<number, string>): Promise<Buffer> {
  const pages = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const filler = Array.from(
      { length: 40 },
      (_, l) =>
        `Section ${n}.${l} of the staff handbook covers routine procedure number ${n * 100 + l} in plain words.`,
    );
    return [`Chapter ${n}: marker${n}word`, ...(topics[n] ? [topics[n]] : []), ...filler];
  });
  return makePdf(pages);
}

/** The PDF with an attachment of `bytes` random bytes (they do not compress): a big file with the same pages. */
export async function padPdf(pdf: Buffer, bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  await doc.attach(randomBytes(bytes), 'padding.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Buffer.from(await Packer.toBuffer(doc));
}

/** A "scanned" PDF: one page that is only a picture of `lines` (no text layer). */
export async function makeScannedPdf(lines: string[]): Promise<Buffer> {
  const text = lines
    .map(
      (line, i) =>
        `<text x="100" y="${300 + i * 100}" font-family="DejaVu Sans, sans-serif" font-size="48">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

/** A small PDF written by hand with an xref table whose offsets are computed. */
function handwrittenPdf(objects: string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF protected by a user password (Standard security handler, revision 2): no empty password opens it. */
export function makeEncryptedPdf(): Buffer {
  const hex = (n: number) => Buffer.alloc(n, 0x5a).toString('hex');
  return handwrittenPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O <${hex(32)}> /U <${hex(32)}> >>`,
    ],
    `/Encrypt 4 0 R /ID [<${hex(16)}> <${hex(16)}>] `,
  );
}
