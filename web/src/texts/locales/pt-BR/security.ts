import { plural } from '../../plural';
import type { SecurityCatalog } from '../../security';

const L = 'pt-BR';

export const security: SecurityCatalog = {
  title: 'Login e segurança',
  loading: 'Carregando suas configurações de login…',
  loadFailed: 'Não foi possível carregar suas configurações de login.',
  retry: 'Tentar de novo',
  passkeys: {
    heading: 'Chaves de acesso',
    intro:
      'Entre com sua digital, seu rosto ou o bloqueio de tela em vez de uma senha. Uma chave de acesso vale pelas duas etapas.',
    none: 'Nenhuma chave de acesso ainda.',
    add: 'Adicionar uma chave de acesso',
    adding: 'Aguardando seu dispositivo…',
    added: 'Chave de acesso adicionada.',
    cancelled: 'A criação da chave de acesso foi cancelada ou não está disponível neste dispositivo.',
    unsupported: 'Este navegador não é compatível com chaves de acesso.',
    nameLabel: (name: string) => `Nome da chave de acesso “${name}”`,
    rename: 'Renomear',
    save: 'Salvar',
    cancel: 'Cancelar',
    remove: 'Remover',
    removeConfirm: (name: string) => `Remover a chave de acesso “${name}”? Você não poderá mais entrar com ela.`,
    removed: 'Chave de acesso removida.',
    created: (date: string) => `Adicionada em ${date}`,
    lastUsed: (date: string) => `usada pela última vez em ${date}`,
  },
  twoFactor: {
    heading: 'Verificação em duas etapas',
    intro: 'Depois da senha, pedir um código de um app autenticador.',
    on: 'Ativada',
    off: 'Desativada',
    turnOn: 'Ativar',
    scan: 'Escaneie este QR code com seu app autenticador ou digite a chave manualmente; depois digite o código de 6 dígitos que ele mostrar.',
    qrLabel: 'QR code para o seu app autenticador',
    secretLabel: 'Chave',
    codeLabel: 'Código do app',
    confirm: 'Ativar a verificação em duas etapas',
    backupHeading: 'Seus códigos de backup',
    backupIntro:
      'Cada código permite entrar uma vez se você perder o celular. Guarde-os em um lugar seguro: eles só aparecem agora.',
    copy: 'Copiar códigos',
    copied: 'Códigos copiados.',
    done: 'Já guardei',
    left: (n: number) => plural(L, n, { one: '# código de backup restante', other: '# códigos de backup restantes' }),
    regenerate: 'Novos códigos de backup',
    regenerateIntro: 'Digite um código do seu app para substituir seus códigos de backup.',
    turnOff: 'Desativar',
    turnOffIntro: 'Digite sua senha e um código do seu app (ou um código de backup) para desativar.',
    passwordLabel: 'Senha',
    turnedOff: 'A verificação em duas etapas está desativada.',
  },
  devices: {
    heading: 'Dispositivos',
    intro: 'Onde sua conta está conectada.',
    thisDevice: 'Este dispositivo',
    lastSeen: (date: string) => `Última atividade: ${date}`,
    signedIn: (date: string) => `conectado em ${date}`,
    signOut: 'Sair',
    signOutOthers: 'Sair de todos os outros dispositivos',
    signedOut: 'Desconectado.',
    othersSignedOut: (n: number) =>
      plural(L, n, { one: '# dispositivo desconectado.', other: '# dispositivos desconectados.' }),
    unknown: 'Dispositivo desconhecido',
  },
};
