import type { OrganiseCatalog } from '../../organise';

export const organise: OrganiseCatalog = {
  folders: {
    newFolder: 'Nova pasta',
    createTitle: 'Nova pasta',
    renameTitle: 'Renomear pasta',
    nameLabel: 'Nome da pasta',
    create: 'Criar',
    save: 'Salvar',
    cancel: 'Cancelar',
    options: (name: string) => `Opções da pasta: ${name}`,
    expand: (name: string) => `Mostrar os chats de ${name}`,
    collapse: (name: string) => `Ocultar os chats de ${name}`,
    rename: 'Renomear',
    moveUp: 'Mover para cima',
    moveDown: 'Mover para baixo',
    delete: 'Excluir pasta',
    deleteTitle: (name: string) => `Excluir “${name}”?`,
    deleteBody: 'A pasta some; seus chats ficam, fora de qualquer pasta.',
    deleteConfirm: 'Excluir pasta',
    moveTo: 'Mover para pasta',
    noFolder: 'Sem pasta',
    moveTitle: 'Mover para pasta',
    filed: (name: string) => `Movido para ${name}.`,
    unfiled: 'Retirado da pasta.',
    failed: 'Não funcionou. Tente novamente.',
    empty: 'Ainda não há chats nesta pasta. Arraste um para cá ou use o menu de um chat.',
    dropHint: 'Solte aqui para tirar o chat da pasta',
  },
  temporary: {
    toggle: 'Chat temporário',
    toggleHint: 'Não é salvo: sem lista, busca, memória ou exportação. Excluído quando você sai.',
    banner: 'Chat temporário',
    bannerBody:
      'Ele não aparece na sua lista de chats, na busca, na memória nem nas exportações, e é excluído quando você sai dele.',
  },
};
