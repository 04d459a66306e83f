import type { OidcCatalog } from '../../oidc';

export const oidc: OidcCatalog = {
  working: 'サインインしています…',
  errorTitle: 'サインインできませんでした',
  errors: {
    denied: 'プロバイダーでキャンセルされたため、サインインしていません。',
    expired: 'このサインインは期限切れか、すでに使われています。最初からやり直してください。',
    failed: 'プロバイダーの応答を検証できなかったため、サインインしていません。もう一度お試しください。',
    unavailable: '現在サインインプロバイダーに接続できません。しばらくしてからお試しください。',
    'no-email': 'プロバイダーからメールアドレスが共有されませんでした。アカウントにはメールアドレスが必要です。',
    unverified: 'プロバイダーでメールアドレスが確認されていません。そちらで確認してから、もう一度お試しください。',
  },
  backToSignIn: 'サインインに戻る',
  confirmTitle: 'アカウントを連携',
  confirmBody: (provider, email) =>
    `${email} のアカウントはすでにあります。今後 ${provider} でサインインできるよう、そのパスワードを一度入力してください。`,
  password: 'パスワード',
  confirm: '連携してサインイン',
  inviteTitle: 'あと一歩です',
  inviteBody: (provider, email) =>
    `Neura は招待制です。${provider} で ${email} のアカウントを作成するには、招待コードを入力してください。`,
  openBody: (provider, email) => `${provider} で ${email} のアカウントを作成します。`,
  inviteCode: '招待コード',
  createAccount: 'アカウントを作成',
  joinWaitlist: '招待コードがない場合は、ウェイトリストに登録',
  waitlistJoined: (email) => `ウェイトリストに登録しました。招待の準備ができたら ${email} にメールでお知らせします。`,
  orPasskey: 'または、このアカウントのパスキーで確認してください。',
  usePasskey: 'パスキーを使う',
  twoFactorTitle: '2段階認証',
  twoFactorBody: '認証アプリのコード、またはバックアップコードを入力してください。',
  code: 'コード',
  verify: '確認',
};
