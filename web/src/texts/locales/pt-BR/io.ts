import type { IoCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'pt-BR';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const io: IoCatalog = {
  search: {
    messages: 'Mensagens',
    searching: 'Pesquisando mensagens…',
    none: 'Nenhuma mensagem corresponde.',
    nothing: 'Nenhuma conversa ou mensagem corresponde à sua pesquisa.',
    more: 'Mais resultados',
    archived: 'Arquivada',
    olderVersion: 'Versão anterior',
    you: 'Você',
    reply: 'Resposta',
    failed: 'A pesquisa falhou.',
  },
  menu: {
    share: 'Compartilhar conversa',
    exportMarkdown: 'Exportar como Markdown',
    exportJson: 'Exportar como JSON',
    exported: 'Conversa exportada.',
  },
  share: {
    title: 'Compartilhar esta conversa',
    explain:
      'Qualquer pessoa com o link pode ler esta conversa como ela está agora, sem entrar. As mensagens que você enviar depois continuam privadas, a menos que você compartilhe de novo.',
    create: 'Criar link',
    creating: 'Criando link…',
    copy: 'Copiar link',
    copied: 'Link copiado.',
    manage: 'Gerencie os links compartilhados em Configurações.',
    close: 'Fechar',
    linkLabel: 'Link compartilhado',
  },
  shared: {
    removed: 'Este link foi removido',
    removedDetail: 'O dono desta conversa removeu o link, ou a conversa não existe mais.',
    onward: 'Explorar o Neura',
    cta: (persona: string) => `Comece sua própria conversa com ${persona}`,
    sharedOn: (date: string) => `Compartilhada em ${date}`,
    readOnly: 'Uma cópia somente leitura de uma conversa no Neura.',
    loading: 'Carregando conversa compartilhada…',
    failed: 'Não foi possível carregar esta conversa compartilhada. Tente novamente mais tarde.',
    you: 'Usuário',
  },
  data: {
    title: 'Seus dados',
    settingsRow: 'Seus dados e links compartilhados',
    links: 'Links compartilhados',
    noLinks: 'Você não compartilhou nenhuma conversa.',
    revoke: 'Remover link',
    revoked: 'Link removido.',
    messages: (n: number) => plural(L, n, { one: '# mensagem', other: '# mensagens' }),
    archive: 'Baixar meus dados',
    archiveExplain:
      'Um arquivo (.tar.gz) com tudo o que está armazenado sobre você: sua conta, histórico de créditos, pedidos, feedback, memória, todas as conversas com suas mensagens e os arquivos que você enviou e gerou.',
    build: 'Preparar arquivo',
    building: (pct: number) => `Preparando… ${num(pct)}%`,
    download: 'Baixar arquivo',
    downloaded: 'Baixado. O arquivo não fica mais guardado no servidor; prepare um novo quando precisar.',
    kept: 'O arquivo fica guardado por um tempo e é excluído assim que você o baixa.',
    failed: 'Não foi possível preparar o arquivo. Tente novamente.',
  },
};
