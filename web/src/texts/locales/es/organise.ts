import type { OrganiseCatalog } from '../../organise';

export const organise: OrganiseCatalog = {
  folders: {
    newFolder: 'Nueva carpeta',
    createTitle: 'Nueva carpeta',
    renameTitle: 'Renombrar carpeta',
    nameLabel: 'Nombre de la carpeta',
    create: 'Crear',
    save: 'Guardar',
    cancel: 'Cancelar',
    options: (name: string) => `Opciones de la carpeta: ${name}`,
    expand: (name: string) => `Mostrar los chats de ${name}`,
    collapse: (name: string) => `Ocultar los chats de ${name}`,
    rename: 'Renombrar',
    moveUp: 'Subir',
    moveDown: 'Bajar',
    delete: 'Eliminar carpeta',
    deleteTitle: (name: string) => `¿Eliminar «${name}»?`,
    deleteBody: 'La carpeta desaparece; sus chats se quedan, fuera de cualquier carpeta.',
    deleteConfirm: 'Eliminar carpeta',
    moveTo: 'Mover a una carpeta',
    noFolder: 'Sin carpeta',
    moveTitle: 'Mover a una carpeta',
    filed: (name: string) => `Movido a ${name}.`,
    unfiled: 'Sacado de su carpeta.',
    failed: 'No ha funcionado. Inténtalo de nuevo.',
    empty: 'Aún no hay chats en esta carpeta. Arrastra uno aquí o usa el menú de un chat.',
    dropHint: 'Suelta aquí para sacar el chat de su carpeta',
  },
  temporary: {
    toggle: 'Chat temporal',
    toggleHint: 'No se guarda: ni lista, ni búsqueda, ni memoria, ni exportación. Se elimina al salir.',
    banner: 'Chat temporal',
    bannerBody:
      'No está en tu lista de chats, la búsqueda, la memoria ni las exportaciones, y se elimina cuando sales de él.',
  },
};
