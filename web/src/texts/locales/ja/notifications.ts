import type { NotificationCatalog } from '../../notifications';

export const notifications: NotificationCatalog = {
  title: '通知',
  intro: 'Neura を見ていないときに、ペルソナの返信が完了したら通知を受け取れます。',
  why: 'Neura が通知を表示してよいか、ブラウザーが確認します。返信の準備ができたことをお知らせするためだけに使います。',
  enable: 'このデバイスで通知をオンにする',
  enabling: 'オンにしています…',
  enabledHere: 'このデバイスでは通知がオンです。',
  disableHere: 'このデバイスでオフにする',
  denied: 'このサイトの通知はブロックされています。ブラウザーのサイト設定で許可してから、もう一度お試しください。',
  unsupported: 'このブラウザーは通知を表示できません。',
  iosInstall:
    'iPhone と iPad では、まず Neura をホーム画面に追加し（共有 › ホーム画面に追加）、そこから開いてください。',
  failed: '通知をオンにできませんでした。もう一度お試しください。',
  kindsHeading: '通知する内容',
  replies: '完了した返信',
  repliesHint: '画像、音楽、準備ができたデータのアーカイブも含みます。',
  hideContents: '内容を隠す',
  hideContentsHint: 'ロック画面には「…から新しい返信があります」だけを表示します。',
  loading: '通知設定を読み込んでいます',
  loadFailed: '通知設定を読み込めませんでした。',
  retry: '再試行',
};
