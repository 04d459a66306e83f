import type { ServerCatalog } from './en-US.js';
import { ptBRErrors } from './pt-BR-errors.js';

const P = 'Neura';

export const ptBR: ServerCatalog = {
  messages: {
    internal: 'Algo deu errado do nosso lado. Tente novamente mais tarde.',
    unavailable: 'O serviço está indisponível por um instante. Tente novamente em alguns segundos.',
    tooManyRequests: 'Solicitações demais. Aguarde um momento e tente de novo.',
    invalidJson: 'O corpo da solicitação não é um JSON válido.',
    signInRequired: 'Você precisa entrar na sua conta para fazer isso.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    notVerified: 'Seu e-mail ainda não foi verificado.',
    suspended: 'Esta conta está suspensa. Fale com o responsável por este serviço se achar que é um engano.',
    invalidCredentials: 'O e-mail ou a senha está incorreto.',
    emailTaken: 'Já existe uma conta com este e-mail. Entre na sua conta em vez de criar outra.',
    wrongPassword: 'Sua senha atual está incorreta.',
    commonPassword: 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.',
    passwordMismatch: 'A confirmação da senha não confere. Verifique e tente novamente.',
    invalidInvite: 'Parece haver um problema com o seu código de convite.',
    codeInvalid: 'Esse código não é mais válido. Peça um novo.',
    codeExpired: 'Esse código expirou. Peça um novo.',
    codeWrong: 'Esse código não está correto. Confira e tente novamente.',
    codeTooManyTries: 'Tentativas erradas demais: esse código não é mais válido. Peça um novo.',
    verifyMailFailed: 'Ocorreu um erro desconhecido ao enviar o e-mail de verificação.',
    rateLimited: 'Tentativas demais. Aguarde um pouco e tente novamente.',
    captchaFailed: 'A verificação do captcha falhou. Resolva o captcha e tente novamente.',
    captchaRequired: 'Tentativas com falha demais. Resolva o captcha e tente novamente.',
    insufficientCredits:
      'Você não tem créditos suficientes para enviar esta mensagem. Compre mais créditos para continuar conversando.',
    proRequired: 'Este recurso exige uma assinatura Pro.',
    personaUnpublished:
      'Esta persona não está mais disponível. Você ainda pode ler esta conversa; comece uma nova para continuar.',
    personaMissing: 'Essa persona não existe.',
    personaUnavailable: 'Essa persona não está disponível.',
    chatMissing: 'Esta conversa não existe ou não é sua.',
    messageMissing: 'Essa mensagem não foi encontrada nesta conversa.',
    replyBusy: 'Ainda há uma resposta sendo escrita nesta conversa. Espere terminar ou interrompa-a primeiro.',
    emptyMessage: 'Digite uma mensagem primeiro.',
    restarting: 'O servidor está reiniciando. Tente novamente em instantes.',
    adminOnly: 'Só administradores podem fazer isso.',
    notFound: 'Não encontrado.',
    fileNotFound: 'Esse arquivo não foi encontrado.',
    linkNotFound: 'Esse link não foi encontrado.',
    controlChars: 'Caracteres de controle não são permitidos.',
    unsupportedLocale: 'Idioma não suportado. Use um destes: en-US, es, de, fr, pt-BR, ja, ar.',
    ...ptBRErrors.messages,
  },
  templates: ptBRErrors.templates,
  mail: {
    verify: {
      subject: (code) => `Seu código de verificação do ${P}: ${code}`,
      heading: 'Confirme seu e-mail',
      text: (code) =>
        `Boas-vindas ao ${P}!\n\nSeu código de verificação é ${code}\n\nDigite-o no app para confirmar seu e-mail. Ele vale por 10 minutos e só pode ser usado uma vez.\nSe você não se cadastrou no ${P}, pode ignorar este e-mail.\n`,
      intro: `Boas-vindas ao ${P}! Digite este código no app para confirmar seu e-mail:`,
      note: `Ele vale por 10 minutos e só pode ser usado uma vez. Se você não se cadastrou no ${P}, pode ignorar este e-mail.`,
    },
    reset: {
      subject: (code) => `Seu código para redefinir a senha do ${P}: ${code}`,
      heading: 'Redefina sua senha',
      text: (code) =>
        `Alguém pediu para redefinir a senha da sua conta do ${P}.\n\nSeu código é ${code}\n\nEle vale por 10 minutos e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.\n`,
      intro: `Alguém pediu para redefinir a senha da sua conta do ${P}. Seu código é:`,
      note: 'Ele vale por 10 minutos e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    },
    invite: {
      subject: `Seu código de convite do ${P}`,
      heading: 'Você foi convidado',
      text: (code, appUrl) =>
        `Boa notícia: chegou a sua vez na lista de espera do ${P}.\n\nSeu código de convite é ${code}\n\nAbra ${appUrl}, informe este e-mail, escolha "Tenho um código de convite" e digite o código.\n`,
      intro: `Boa notícia: chegou a sua vez na lista de espera do ${P}. Seu código de convite é:`,
      steps: (link) => `Abra ${link}, informe este e-mail, escolha “Tenho um código de convite” e digite o código.`,
    },
    proEnded: {
      subject: `Sua assinatura do ${P} Pro foi encerrada`,
      heading: 'Sua assinatura Pro foi encerrada',
      when: (date) => (date ? `em ${date}, quando termina o período que você pagou` : 'agora'),
      body: (when) =>
        `Nossa equipe encerrou sua assinatura do ${P} Pro. O Pro termina ${when}, e você não será cobrado de novo.`,
      note: (link) =>
        `Sua conta, suas conversas e seus créditos continuam como estão. Dúvidas? Responda a este e-mail. Você pode assinar de novo quando quiser em ${link}.`,
    },
    security: {
      subject: `Aviso de segurança da sua conta ${P}`,
      heading: 'Uma mudança na forma como você entra',
      passkeyAdded: (name) => `Uma chave de acesso chamada “${name}” foi adicionada à sua conta ${P}.`,
      passkeyRemoved: (name) => `A chave de acesso chamada “${name}” foi removida da sua conta ${P}.`,
      twoFactorOn: `A verificação em duas etapas foi ativada na sua conta ${P}.`,
      twoFactorOff: `A verificação em duas etapas foi desativada na sua conta ${P}.`,
      backupCodes: `Novos códigos de backup foram criados para a sua conta ${P}; os antigos não funcionam mais.`,
      newSignIn: (device) => `Houve um login na sua conta ${P} a partir de um novo dispositivo: ${device}.`,
      note: 'Se foi você, não é preciso fazer nada. Se não foi, mude sua senha e revise seus dispositivos em Configurações › Segurança.',
    },
  },
};
