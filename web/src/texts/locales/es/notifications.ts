import type { NotificationCatalog } from '../../notifications';

export const notifications: NotificationCatalog = {
  title: 'Notificaciones',
  intro: 'Recibe una notificación cuando un personaje termine su respuesta y no estés mirando Neura.',
  why: 'Tu navegador preguntará si Neura puede mostrar notificaciones. Solo las usamos para avisarte de que una respuesta está lista.',
  enable: 'Activar notificaciones en este dispositivo',
  enabling: 'Activando…',
  enabledHere: 'Las notificaciones están activadas en este dispositivo.',
  disableHere: 'Desactivar en este dispositivo',
  denied:
    'Las notificaciones están bloqueadas para este sitio. Permítelas en los ajustes del sitio de tu navegador y vuelve a intentarlo.',
  unsupported: 'Este navegador no puede mostrar notificaciones.',
  iosInstall:
    'En iPhone y iPad, añade primero Neura a tu pantalla de inicio (Compartir › Añadir a pantalla de inicio) y ábrela desde allí.',
  failed: 'No se pudieron activar las notificaciones. Inténtalo de nuevo.',
  kindsHeading: 'Qué notificar',
  replies: 'Respuestas terminadas',
  repliesHint: 'También imágenes, música y un archivo de datos listo.',
  hideContents: 'Ocultar contenido',
  hideContentsHint: 'Mostrar solo «Nueva respuesta de …» en la pantalla de bloqueo.',
  loading: 'Cargando los ajustes de notificaciones',
  loadFailed: 'No se pudieron cargar los ajustes de notificaciones.',
  retry: 'Reintentar',
  quietHours: 'Horas de silencio',
  quietHoursHint: 'Sin notificaciones entre estas horas ({zone}).',
  quietFrom: 'Desde',
  quietTo: 'Hasta',
  promptTitle: '¿Quieres un aviso cuando una respuesta esté lista?',
  promptBody: 'Esa respuesta tardó un poco. Neura puede avisarte cuando termine la próxima, aunque cambies de app.',
  promptAccept: 'Activar notificaciones',
  promptDismiss: 'Ahora no',
};
