import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: '呼びかけるペルソナ',
  mentionHint: '矢印キーで選び、Enter または Tab で決定、Escape で閉じます。',
  mentionCount: (n: number) => `${n} 件のペルソナが一致`,
  replying: (names: string) => `返信するペルソナ：${names}`,
  yours: 'あなたのペルソナ',
  catalog: 'すべてのペルソナ',
  draftNote: 'チャットは最初のメッセージで始まります。',
  introNote: '各ペルソナが順番に返信し、ほかのペルソナの発言も読みます。@ を入力すると一部だけに話しかけられます。',
};
