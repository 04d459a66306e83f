import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: 'الشخصيات التي يمكنك مخاطبتها',
  mentionHint: 'استخدم مفاتيح الأسهم للاختيار، وEnter أو Tab للتحديد، وEscape للإغلاق.',
  mentionCount: (n: number) => (n === 1 ? 'شخصية واحدة مطابقة' : `${n} شخصيات مطابقة`),
  replying: (names: string) => `سيرد: ${names}`,
  yours: 'شخصياتك',
  catalog: 'كل الشخصيات',
  draftNote: 'تبدأ المحادثة برسالتك الأولى.',
};
