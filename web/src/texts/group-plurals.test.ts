import { describe, expect, it } from 'vitest';
import { group } from './locales/ar/group';
import { main } from './locales/ar/main';

/** Numbers as the Arabic catalog writes them (`Intl`: the digits depend on the ICU data). */
const n = (value: number) => new Intl.NumberFormat('ar').format(value);

/** Arabic has six plural forms (zero, one, two, few 3–10, many 11–99, other 100…): the group texts use them all. */
describe('Arabic group chat counts (issue #46)', () => {
  it('should count matching personas in the right form', () => {
    expect(group.mentionCount(0)).toBe('لا توجد شخصية مطابقة');
    expect(group.mentionCount(1)).toBe('شخصية واحدة مطابقة');
    expect(group.mentionCount(2)).toBe('شخصيتان مطابقتان');
    expect(group.mentionCount(3)).toBe(`${n(3)} شخصيات مطابقة`);
    expect(group.mentionCount(11)).toBe(`${n(11)} شخصية مطابقة`);
    expect(group.mentionCount(100)).toBe(`${n(100)} شخصية مطابقة`);
  });

  it("should price a round in the credits' form after حتى", () => {
    const roundPrice = main.texts.group.roundPrice;
    expect(roundPrice(1)).toBe('حتى نقطة واحدة');
    expect(roundPrice(2)).toBe('حتى نقطتين');
    expect(roundPrice(7)).toBe(`حتى ${n(7)} نقاط`);
    expect(roundPrice(12)).toBe(`حتى ${n(12)} نقطة`);
  });
});
