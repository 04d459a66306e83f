import { plural } from '../../plural';
import type { SecurityCatalog } from '../../security';

const L = 'ja';

export const security: SecurityCatalog = {
  title: 'サインインとセキュリティ',
  loading: 'サインイン設定を読み込んでいます…',
  loadFailed: 'サインイン設定を読み込めませんでした。',
  retry: '再試行',
  passkeys: {
    heading: 'パスキー',
    intro: 'パスワードの代わりに、指紋、顔、または画面ロックでサインインします。パスキーは両方の手順として扱われます。',
    none: 'パスキーはまだありません。',
    add: 'パスキーを追加',
    adding: 'デバイスの応答を待っています…',
    added: 'パスキーを追加しました。',
    cancelled: 'パスキーの追加がキャンセルされたか、このデバイスでは利用できません。',
    unsupported: 'このブラウザはパスキーに対応していません。',
    nameLabel: (name: string) => `パスキー「${name}」の名前`,
    rename: '名前を変更',
    save: '保存',
    cancel: 'キャンセル',
    remove: '削除',
    removeConfirm: (name: string) => `パスキー「${name}」を削除しますか?このパスキーではサインインできなくなります。`,
    removed: 'パスキーを削除しました。',
    created: (date: string) => `${date} に追加`,
    lastUsed: (date: string) => `最終使用 ${date}`,
  },
  twoFactor: {
    heading: '2 段階認証',
    intro: 'パスワードの後に、認証アプリのコードを求めます。',
    on: 'オン',
    off: 'オフ',
    turnOn: 'オンにする',
    scan: '認証アプリでこの QR コードをスキャンするか、キーを手入力してから、表示される 6 桁のコードを入力してください。',
    qrLabel: '認証アプリ用の QR コード',
    secretLabel: 'キー',
    codeLabel: 'アプリのコード',
    confirm: '2 段階認証をオンにする',
    backupHeading: 'バックアップコード',
    backupIntro:
      'スマートフォンをなくしたときに、各コードで 1 回サインインできます。安全な場所に保管してください。表示されるのは今だけです。',
    copy: 'コードをコピー',
    copied: 'コードをコピーしました。',
    done: '保存しました',
    left: (n: number) =>
      plural(L, n, { one: '残りのバックアップコード: # 個', other: '残りのバックアップコード: # 個' }),
    regenerate: '新しいバックアップコード',
    regenerateIntro: 'バックアップコードを置き換えるには、アプリのコードを入力してください。',
    turnOff: 'オフにする',
    turnOffIntro: 'オフにするには、パスワードとアプリのコード(またはバックアップコード)を入力してください。',
    passwordLabel: 'パスワード',
    turnedOff: '2 段階認証はオフです。',
  },
  devices: {
    heading: 'デバイス',
    intro: 'アカウントがサインインしている場所。',
    thisDevice: 'このデバイス',
    lastSeen: (date: string) => `最終アクティブ ${date}`,
    signedIn: (date: string) => `${date} にサインイン`,
    signOut: 'サインアウト',
    signOutOthers: '他のすべてのデバイスからサインアウト',
    signedOut: 'サインアウトしました。',
    othersSignedOut: (n: number) =>
      plural(L, n, {
        one: '# 台のデバイスからサインアウトしました。',
        other: '# 台のデバイスからサインアウトしました。',
      }),
    unknown: '不明なデバイス',
  },
};
