/**
 * A minimal ustar writer (regular files only): the data archive is a `.tar.gz` that every system
 * opens without extra software, built without a dependency.
 */
function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => block.write(text, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 255) throw new Error(`tar: name too long: ${name}`);
  let prefix = '';
  let base = name;
  if (bytes.length > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  put(base, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

export class TarWriter {
  private readonly chunks: Buffer[] = [];
  private readonly now = Date.now();

  add(name: string, content: Buffer | string): void {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.chunks.push(header(name, data.length, this.now), data);
    const pad = (512 - (data.length % 512)) % 512;
    if (pad) this.chunks.push(Buffer.alloc(pad));
  }

  finish(): Buffer {
    return Buffer.concat([...this.chunks, Buffer.alloc(1024)]);
  }
}
