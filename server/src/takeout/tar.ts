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

/** Where the tar bytes go: a write that waits while the sink is full (backpressure). */
export interface ByteSink {
  write(chunk: Buffer): Promise<void>;
}

const padding = (size: number) => (512 - (size % 512)) % 512;

/**
 * Writes a tar entry by entry into a sink, never holding more than one entry's chunk: a file's
 * bytes are copied from its stream as they come (issue #40, M1).
 */
export class TarStream {
  private readonly now = Date.now();

  constructor(private readonly out: ByteSink) {}

  async add(name: string, content: Buffer | string): Promise<void> {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    await this.out.write(header(name, data.length, this.now));
    if (data.length > 0) await this.out.write(data);
    const pad = padding(data.length);
    if (pad) await this.out.write(Buffer.alloc(pad));
  }

  /** An entry of `size` bytes read from `source`; throws when the source has more or fewer. */
  async addStream(name: string, size: number, source: AsyncIterable<Buffer>): Promise<void> {
    await this.out.write(header(name, size, this.now));
    let written = 0;
    for await (const chunk of source) {
      written += chunk.length;
      if (written > size) throw new Error(`tar: ${name} is longer than ${size} bytes`);
      await this.out.write(chunk);
    }
    if (written !== size) throw new Error(`tar: ${name} has ${written} of ${size} bytes`);
    const pad = padding(size);
    if (pad) await this.out.write(Buffer.alloc(pad));
  }

  /** The two empty blocks that end a tar. */
  async finish(): Promise<void> {
    await this.out.write(Buffer.alloc(1024));
  }
}
