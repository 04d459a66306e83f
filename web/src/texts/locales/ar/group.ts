import type { GroupCatalog } from '../../group';
import { plural } from '../../plural';

export const group: GroupCatalog = {
  mentionList: 'الشخصيات التي يمكنك مخاطبتها',
  mentionHint: 'استخدم مفاتيح الأسهم للاختيار، وEnter أو Tab للتحديد، وEscape للإغلاق.',
  mentionCount: (n: number) =>
    plural('ar', n, {
      zero: 'لا توجد شخصية مطابقة',
      one: 'شخصية واحدة مطابقة',
      two: 'شخصيتان مطابقتان',
      few: '# شخصيات مطابقة',
      many: '# شخصية مطابقة',
      other: '# شخصية مطابقة',
    }),
  replying: (names: string) => `سيرد: ${names}`,
  yours: 'شخصياتك',
  catalog: 'كل الشخصيات',
  draftNote: 'تبدأ المحادثة برسالتك الأولى.',
  introNote: 'تردّ كل شخصية بدورها وترى ما قالته الأخريات. اكتب @ لمخاطبة بعضها فقط.',
};
