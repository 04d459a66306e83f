import type { IoCatalog } from '../../catalog';

const L = 'ja';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const io: IoCatalog = {
  search: {
    messages: 'メッセージ',
    searching: 'メッセージを検索しています…',
    none: '一致するメッセージはありません。',
    nothing: '検索に一致するチャットやメッセージはありません。',
    more: 'さらに表示',
    archived: 'アーカイブ済み',
    olderVersion: '以前のバージョン',
    you: 'あなた',
    reply: '返信',
    failed: '検索に失敗しました。',
  },
  menu: {
    share: 'チャットを共有',
    exportMarkdown: 'Markdown でエクスポート',
    exportJson: 'JSON でエクスポート',
    exported: 'チャットをエクスポートしました。',
  },
  share: {
    title: 'このチャットを共有',
    explain:
      'リンクを知っている人は誰でも、ログインせずに現在の状態のこのチャットを読めます。このあと送信するメッセージは、もう一度共有しない限り非公開のままです。',
    create: 'リンクを作成',
    creating: 'リンクを作成しています…',
    copy: 'リンクをコピー',
    copied: 'リンクをコピーしました。',
    manage: '共有リンクは設定で管理できます。',
    close: '閉じる',
    linkLabel: '共有リンク',
  },
  shared: {
    removed: 'このリンクは削除されました',
    removedDetail: 'このチャットの所有者がリンクを削除したか、チャットが存在しません。',
    onward: 'Neura を見てみる',
    cta: (persona: string) => `${persona} と自分のチャットを始める`,
    sharedOn: (date: string) => `${date} に共有`,
    readOnly: 'Neura での会話の読み取り専用コピーです。',
    loading: '共有チャットを読み込んでいます…',
    failed: 'この共有チャットを読み込めませんでした。しばらくしてからもう一度お試しください。',
    you: 'ユーザー',
  },
  data: {
    title: 'あなたのデータ',
    settingsRow: 'あなたのデータと共有リンク',
    links: '共有リンク',
    noLinks: '共有したチャットはありません。',
    revoke: 'リンクを削除',
    revoked: 'リンクを削除しました。',
    messages: (n: number) => `${num(n)} 件のメッセージ`,
    archive: 'データをダウンロード',
    archiveExplain:
      'あなたについて保存されているすべてのアーカイブ（.tar.gz）です：アカウント、クレジット履歴、注文、フィードバック、メモリー、各チャットとそのメッセージ、アップロードおよび生成したファイル。',
    build: 'アーカイブを準備',
    building: (pct: number) => `準備中… ${num(pct)}%`,
    download: 'アーカイブをダウンロード',
    downloaded:
      'ダウンロードしました。アーカイブはサーバーに保管されなくなりました。必要なときは新しく準備してください。',
    kept: 'アーカイブはしばらく保管され、ダウンロードすると削除されます。',
    failed: 'アーカイブを準備できませんでした。もう一度お試しください。',
  },
};
