import type { NotificationCatalog } from '../../notifications';

export const notifications: NotificationCatalog = {
  title: 'Notificações',
  intro: 'Receba uma notificação quando uma persona terminar a resposta e você não estiver olhando o Neura.',
  why: 'Seu navegador vai perguntar se o Neura pode mostrar notificações. Só usamos isso para avisar que uma resposta está pronta.',
  enable: 'Ativar notificações neste dispositivo',
  enabling: 'Ativando…',
  enabledHere: 'As notificações estão ativadas neste dispositivo.',
  disableHere: 'Desativar neste dispositivo',
  denied:
    'As notificações estão bloqueadas para este site. Permita-as nas configurações do site no seu navegador e tente de novo.',
  unsupported: 'Este navegador não consegue mostrar notificações.',
  iosInstall:
    'No iPhone e iPad, primeiro adicione o Neura à Tela de Início (Compartilhar › Adicionar à Tela de Início) e abra por lá.',
  failed: 'Não foi possível ativar as notificações. Tente de novo.',
  kindsHeading: 'O que notificar',
  replies: 'Respostas concluídas',
  repliesHint: 'Também imagens, música e um arquivo de dados pronto.',
  hideContents: 'Ocultar conteúdo',
  hideContentsHint: 'Mostrar só “Nova resposta de …” na tela de bloqueio.',
  loading: 'Carregando as configurações de notificações',
  loadFailed: 'Não foi possível carregar as configurações de notificações.',
  retry: 'Tentar de novo',
  quietHours: 'Horário de silêncio',
  quietHoursHint: 'Sem notificações entre estes horários ({zone}).',
  quietFrom: 'De',
  quietTo: 'Até',
  promptTitle: 'Receber um aviso quando uma resposta estiver pronta?',
  promptBody:
    'Essa resposta demorou um pouco. A Neura pode avisar quando a próxima terminar, mesmo que você saia do app.',
  promptAccept: 'Ativar notificações',
  promptDismiss: 'Agora não',
};
