import type { OidcCatalog } from '../../oidc';

export const oidc: OidcCatalog = {
  working: 'Entrando…',
  errorTitle: 'Não foi possível entrar',
  errors: {
    denied: 'Você cancelou no provedor, então não entrou.',
    expired: 'Este acesso expirou ou já foi usado. Comece de novo.',
    failed: 'Não foi possível verificar a resposta do provedor, então você não entrou. Tente de novo.',
    unavailable: 'Não é possível falar com o provedor de acesso agora. Tente mais tarde.',
    'no-email': 'O provedor não compartilhou um endereço de e-mail, e sua conta precisa de um.',
    unverified: 'O provedor não verificou seu endereço de e-mail. Verifique-o lá e tente de novo.',
  },
  backToSignIn: 'Voltar para o login',
  confirmTitle: 'Vincule sua conta',
  confirmBody: (provider, email) =>
    `Já existe uma conta para ${email}. Digite a senha dela uma vez para entrar com ${provider} daqui em diante.`,
  password: 'Senha',
  confirm: 'Vincular e entrar',
  inviteTitle: 'Só mais um passo',
  inviteBody: (provider, email) =>
    `A Neura funciona só com convite. Digite seu código de convite para criar sua conta de ${email} com ${provider}.`,
  openBody: (provider, email) => `Crie sua conta de ${email} com ${provider}.`,
  inviteCode: 'Código de convite',
  createAccount: 'Criar conta',
  joinWaitlist: 'Sem código de convite? Entre na lista de espera',
  waitlistJoined: (email) =>
    `Você está na lista de espera. Vamos escrever para ${email} quando seu convite estiver pronto.`,
  orPasskey: 'Ou confirme com uma chave de acesso desta conta.',
  usePasskey: 'Usar uma chave de acesso',
  twoFactorTitle: 'Verificação em duas etapas',
  twoFactorBody: 'Digite o código do seu app autenticador ou um código de backup.',
  code: 'Código',
  verify: 'Verificar',
};
