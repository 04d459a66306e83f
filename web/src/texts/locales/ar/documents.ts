import type { DocumentCatalog } from '../../documents';
import { plural } from '../../plural';

export const documents: DocumentCatalog = {
  chip: {
    progress: (done: number, total: number) => `جارٍ القراءة… ${done} من ${total} صفحات`,
  },
  receipt: 'المستندات',
  leftOut: (n: number) =>
    `لم تُستخدم مستنداتك في هذا الرد: استخدامها يكلّف ${plural('ar', n, { zero: '# نقطة', one: 'نقطة واحدة', two: 'نقطتين', few: '# نقاط', many: '# نقطة', other: '# نقطة' })}، أكثر من رصيدك.`,
  knowledge: {
    label: 'المعرفة',
    hint: 'المستندات التي تجيب منها هذه الشخصية (PDF وWord ونص). من يدردش معها يرى المقاطع التي تقتبسها فقط، ولا يرى الملفات أبدًا.',
    add: 'إضافة ملفات',
    remove: (name: string) => `إزالة «${name}»`,
    empty: 'لا توجد ملفات بعد.',
    uploading: 'جارٍ الرفع…',
    limit: (n: number) => `حتى ${n} ملفات.`,
    notDocument: (name: string) => `«${name}» ليس مستندًا (PDF أو Word أو نص أو Markdown أو CSV أو JSON أو HTML).`,
  },
};
