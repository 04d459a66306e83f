import type { IoCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'ar';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const io: IoCatalog = {
  search: {
    messages: 'الرسائل',
    searching: 'جارٍ البحث في الرسائل…',
    none: 'لا توجد رسائل مطابقة.',
    nothing: 'لا توجد محادثات أو رسائل تطابق بحثك.',
    more: 'مزيد من النتائج',
    archived: 'مؤرشفة',
    olderVersion: 'نسخة سابقة',
    you: 'أنت',
    reply: 'الرد',
    failed: 'فشل البحث.',
  },
  menu: {
    share: 'مشاركة المحادثة',
    exportMarkdown: 'تصدير بتنسيق Markdown',
    exportJson: 'تصدير بتنسيق JSON',
    exported: 'تم تصدير المحادثة.',
  },
  share: {
    title: 'مشاركة هذه المحادثة',
    explain:
      'يمكن لأي شخص لديه الرابط قراءة هذه المحادثة كما هي الآن دون تسجيل الدخول. تبقى الرسائل التي ترسلها لاحقًا خاصة ما لم تشاركها مرة أخرى.',
    create: 'إنشاء رابط',
    creating: 'جارٍ إنشاء الرابط…',
    copy: 'نسخ الرابط',
    copied: 'تم نسخ الرابط.',
    manage: 'يمكنك إدارة الروابط المشتركة من الإعدادات.',
    close: 'إغلاق',
    linkLabel: 'الرابط المشترك',
  },
  shared: {
    removed: 'تمت إزالة هذا الرابط',
    removedDetail: 'أزال صاحب هذه المحادثة الرابط، أو لم تعد المحادثة موجودة.',
    onward: 'استكشف Neura',
    cta: (persona: string) => `ابدأ محادثتك الخاصة مع ${persona}`,
    sharedOn: (date: string) => `تمت المشاركة في ${date}`,
    readOnly: 'نسخة للقراءة فقط من محادثة على Neura.',
    loading: 'جارٍ تحميل المحادثة المشتركة…',
    failed: 'تعذّر تحميل هذه المحادثة المشتركة. حاول مرة أخرى لاحقًا.',
    you: 'المستخدم',
  },
  data: {
    title: 'بياناتك',
    settingsRow: 'بياناتك والروابط المشتركة',
    links: 'الروابط المشتركة',
    noLinks: 'لم تشارك أي محادثة بعد.',
    revoke: 'إزالة الرابط',
    revoked: 'تمت إزالة الرابط.',
    messages: (n: number) =>
      plural(L, n, {
        zero: 'لا رسائل',
        one: 'رسالة واحدة',
        two: 'رسالتان',
        few: '# رسائل',
        many: '# رسالة',
        other: '# رسالة',
      }),
    archive: 'تنزيل بياناتي',
    archiveExplain:
      'أرشيف (.tar.gz) بكل ما هو محفوظ عنك: حسابك، وسجل النقاط، والطلبات، والملاحظات، والذاكرة، وكل محادثة برسائلها، والملفات التي رفعتها أو أنشأتها.',
    build: 'تجهيز الأرشيف',
    building: (pct: number) => `جارٍ التجهيز… ${num(pct)}٪`,
    download: 'تنزيل الأرشيف',
    downloaded: 'تم التنزيل. لم يعد الأرشيف محفوظًا على الخادم؛ جهّز أرشيفًا جديدًا عند الحاجة.',
    kept: 'يُحفظ الأرشيف لفترة ثم يُحذف بمجرد تنزيله.',
    failed: 'تعذّر تجهيز الأرشيف. حاول مرة أخرى.',
  },
};
