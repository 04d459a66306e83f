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

/** Adds `step` (a 32-bit number) to the big-endian random part; true when it overflowed. */
function addTo(random: Buffer, step: number): boolean {
  let carry = step;
  for (let i = random.length - 1; i >= 0 && carry > 0; i--) {
    const sum = (random[i] ?? 0) + (carry & 0xff);
    random[i] = sum & 0xff;
    carry = Math.floor(carry / 256) + (sum > 0xff ? 1 : 0);
  }
  return carry > 0;
}

/**
 * A time-ordered id (ULID layout, lowercase Crockford base32): ids made later sort later, also
 * within one millisecond in one process, so "before=<id>" paging can order by id. Within one
 * millisecond the random part grows by a random step of up to 2^32, not by one (issue #40,
 * informational: consecutive ids let one id predict the next); on the rare overflow the id moves
 * to the next millisecond with fresh randomness.
 */
export function newId(now = Date.now()): string {
  if (now <= lastTime) {
    // Same millisecond: a random step up keeps the order without making the next id guessable.
    const step = randomBytes(4).readUInt32BE(0) + 1;
    if (addTo(lastRandom, step)) {
      lastTime += 1;
      lastRandom = randomBytes(10);
      // Keep the top bit clear so the next steps rarely overflow again.
      lastRandom[0] = (lastRandom[0] ?? 0) & 0x7f;
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
