import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('should make 26-character ids that sort in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => id.length === 26)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

const ENCODING = '0123456789abcdefghjkmnpqrstvwxyz';
/** The 80-bit random part of an id (its last 16 characters) as a number. */
const randomPart = (id: string) => [...id.slice(10)].reduce((n, c) => n * 32n + BigInt(ENCODING.indexOf(c)), 0n);

describe('newId within one millisecond (issue #40, informational)', () => {
  it('should keep the order without making the next id the previous one plus one', () => {
    const at = Date.now() + 3_600_000;
    const ids = Array.from({ length: 50 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => id.slice(0, 10) === ids[0]?.slice(0, 10))).toBe(true);
    const steps = ids.slice(1).map((id, i) => randomPart(id) - randomPart(ids[i] as string));
    expect(steps.every((step) => step > 1n)).toBe(true);
  });
});
