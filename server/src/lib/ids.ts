import { randomBytes } from 'node:crypto';

const ENCODING = '0123456789abcdefghjkmnpqrstvwxyz';
let lastTime = 0;
let lastRandom = Buffer.alloc(10);

function encode(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ENCODING[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ENCODING[(value << (5 - bits)) & 31];
  return out.slice(0, length);
}

/**
 * A time-ordered id (ULID layout, lowercase Crockford base32): ids made later sort later, also
 * within one millisecond in one process, so "before=<id>" paging can order by id.
 */
export function newId(now = Date.now()): string {
  if (now <= lastTime) {
    // Same millisecond: increment the random part so the order is kept.
    for (let i = lastRandom.length - 1; i >= 0; i--) {
      const byte = lastRandom[i] ?? 0;
      if (byte < 255) {
        lastRandom[i] = byte + 1;
        break;
      }
      lastRandom[i] = 0;
    }
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = randomBytes(10);
  }
  const time = Buffer.alloc(6);
  time.writeUIntBE(now, 0, 6);
  return encode(time, 10) + encode(lastRandom, 16);
}
