import type { IoCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'es';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const io: IoCatalog = {
  search: {
    messages: 'Mensajes',
    searching: 'Buscando mensajes…',
    none: 'Ningún mensaje coincide.',
    nothing: 'Ningún chat ni mensaje coincide con tu búsqueda.',
    more: 'Más resultados',
    archived: 'Archivado',
    olderVersion: 'Versión anterior',
    you: 'Tú',
    reply: 'Respuesta',
    failed: 'La búsqueda ha fallado.',
  },
  menu: {
    share: 'Compartir chat',
    exportMarkdown: 'Exportar como Markdown',
    exportJson: 'Exportar como JSON',
    exported: 'Chat exportado.',
  },
  share: {
    title: 'Compartir este chat',
    explain:
      'Cualquiera con el enlace puede leer este chat tal como está ahora, sin iniciar sesión. Los mensajes que envíes después seguirán siendo privados a menos que vuelvas a compartirlo.',
    create: 'Crear enlace',
    creating: 'Creando enlace…',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado.',
    manage: 'Gestiona los enlaces compartidos en Ajustes.',
    close: 'Cerrar',
    linkLabel: 'Enlace compartido',
  },
  shared: {
    removed: 'Este enlace se ha eliminado',
    removedDetail: 'El propietario de este chat eliminó el enlace o el chat ya no existe.',
    onward: 'Explorar Neura',
    cta: (persona: string) => `Empieza tu propio chat con ${persona}`,
    sharedOn: (date: string) => `Compartido el ${date}`,
    readOnly: 'Una copia de solo lectura de una conversación en Neura.',
    loading: 'Cargando el chat compartido…',
    failed: 'No se ha podido cargar este chat compartido. Inténtalo más tarde.',
    you: 'Usuario',
  },
  data: {
    title: 'Tus datos',
    settingsRow: 'Tus datos y enlaces compartidos',
    links: 'Enlaces compartidos',
    noLinks: 'No has compartido ningún chat.',
    revoke: 'Eliminar enlace',
    revoked: 'Enlace eliminado.',
    messages: (n: number) => plural(L, n, { one: '# mensaje', other: '# mensajes' }),
    archive: 'Descargar mis datos',
    archiveExplain:
      'Un archivo (.tar.gz) con todo lo que se guarda sobre ti: tu cuenta, el historial de créditos, los pedidos, tus comentarios, la memoria, cada chat con sus mensajes y los archivos que subiste o generaste.',
    build: 'Preparar archivo',
    building: (pct: number) => `Preparando… ${num(pct)} %`,
    download: 'Descargar archivo',
    downloaded: 'Descargado. El archivo ya no se guarda en el servidor; prepara uno nuevo cuando lo necesites.',
    kept: 'El archivo se guarda durante un tiempo y se elimina en cuanto lo descargas.',
    failed: 'No se ha podido preparar el archivo. Inténtalo de nuevo.',
  },
};
