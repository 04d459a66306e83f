import type { DocumentCatalog } from '../../documents';
import { plural } from '../../plural';

export const documents: DocumentCatalog = {
  chip: {
    progress: (done: number, total: number) => `読み取り中… ${total}ページ中${done}ページ`,
  },
  receipt: 'ドキュメント',
  leftOut: (n: number) =>
    `この返信ではドキュメントを使いませんでした。使うには ${plural('ja', n, { other: '# クレジット' })}が必要で、残高を超えています。`,
  knowledge: {
    label: 'ナレッジ',
    hint: 'このペルソナが回答の根拠にするドキュメント（PDF、Word、テキスト）。チャットする人には引用された箇所だけが表示され、ファイル自体は見えません。',
    add: 'ファイルを追加',
    remove: (name: string) => `「${name}」を削除`,
    empty: 'まだファイルはありません。',
    uploading: 'アップロード中…',
    limit: (n: number) => `最大${n}ファイルまで。`,
    notDocument: (name: string) =>
      `「${name}」はドキュメントではありません（PDF、Word、テキスト、Markdown、CSV、JSON、HTML）。`,
  },
};
