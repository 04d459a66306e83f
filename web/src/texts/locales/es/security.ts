import { plural } from '../../plural';
import type { SecurityCatalog } from '../../security';

const L = 'es';

export const security: SecurityCatalog = {
  title: 'Inicio de sesión y seguridad',
  loading: 'Cargando tu configuración de inicio de sesión…',
  loadFailed: 'No se pudo cargar tu configuración de inicio de sesión.',
  retry: 'Reintentar',
  passkeys: {
    heading: 'Llaves de acceso',
    intro:
      'Inicia sesión con tu huella, tu cara o el bloqueo de pantalla en lugar de una contraseña. Una llave de acceso cuenta como ambos pasos.',
    none: 'Aún no tienes llaves de acceso.',
    add: 'Añadir una llave de acceso',
    adding: 'Esperando a tu dispositivo…',
    added: 'Llave de acceso añadida.',
    cancelled: 'Se canceló la creación de la llave de acceso o no está disponible en este dispositivo.',
    unsupported: 'Este navegador no admite llaves de acceso.',
    nameLabel: (name: string) => `Nombre de la llave de acceso «${name}»`,
    rename: 'Cambiar nombre',
    save: 'Guardar',
    cancel: 'Cancelar',
    remove: 'Quitar',
    removeConfirm: (name: string) => `¿Quitar la llave de acceso «${name}»? Ya no podrás iniciar sesión con ella.`,
    removed: 'Llave de acceso quitada.',
    created: (date: string) => `Añadida el ${date}`,
    lastUsed: (date: string) => `usada por última vez el ${date}`,
  },
  twoFactor: {
    heading: 'Verificación en dos pasos',
    intro: 'Después de tu contraseña, pide un código de una app de autenticación.',
    on: 'Activada',
    off: 'Desactivada',
    turnOn: 'Activar',
    scan: 'Escanea este código QR con tu app de autenticación o introduce la clave a mano; después escribe el código de 6 dígitos que muestra.',
    qrLabel: 'Código QR para tu app de autenticación',
    secretLabel: 'Clave',
    codeLabel: 'Código de la app',
    confirm: 'Activar la verificación en dos pasos',
    backupHeading: 'Tus códigos de respaldo',
    backupIntro:
      'Cada código te permite iniciar sesión una vez si pierdes el teléfono. Guárdalos en un lugar seguro: solo se muestran ahora.',
    copy: 'Copiar códigos',
    copied: 'Códigos copiados.',
    done: 'Ya los guardé',
    left: (n: number) =>
      plural(L, n, { one: '# código de respaldo restante', other: '# códigos de respaldo restantes' }),
    regenerate: 'Nuevos códigos de respaldo',
    regenerateIntro: 'Introduce un código de tu app para reemplazar tus códigos de respaldo.',
    turnOff: 'Desactivar',
    turnOffIntro: 'Introduce tu contraseña y un código de tu app (o un código de respaldo) para desactivarla.',
    passwordLabel: 'Contraseña',
    turnedOff: 'La verificación en dos pasos está desactivada.',
  },
  devices: {
    heading: 'Dispositivos',
    intro: 'Dónde está abierta tu cuenta.',
    thisDevice: 'Este dispositivo',
    lastSeen: (date: string) => `Última actividad: ${date}`,
    signedIn: (date: string) => `sesión iniciada el ${date}`,
    signOut: 'Cerrar sesión',
    signOutOthers: 'Cerrar sesión en los demás dispositivos',
    signedOut: 'Sesión cerrada.',
    othersSignedOut: (n: number) =>
      plural(L, n, { one: 'Se cerró la sesión en # dispositivo.', other: 'Se cerró la sesión en # dispositivos.' }),
    unknown: 'Dispositivo desconocido',
  },
};
