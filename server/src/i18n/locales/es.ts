import type { ServerCatalog } from './en-US.js';
import { esErrors } from './es-errors.js';

const P = 'Neura';

export const es: ServerCatalog = {
  messages: {
    internal: 'Algo salió mal por nuestra parte. Inténtalo de nuevo más tarde.',
    unavailable: 'El servicio no está disponible por un momento. Inténtalo de nuevo enseguida.',
    tooManyRequests: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
    invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
    signInRequired: 'Tienes que iniciar sesión para hacer esto.',
    sessionExpired: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
    notVerified: 'Tu correo electrónico aún no está verificado.',
    suspended: 'Esta cuenta está suspendida. Contacta con el responsable de este servicio si crees que es un error.',
    invalidCredentials: 'El correo electrónico o la contraseña no son correctos.',
    emailTaken: 'Ya existe una cuenta con este correo electrónico. Inicia sesión en su lugar.',
    wrongPassword: 'Tu contraseña actual no es correcta.',
    commonPassword: 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
    passwordMismatch: 'La confirmación de la contraseña no coincide. Revísala e inténtalo de nuevo.',
    invalidInvite: 'Parece que hay un problema con tu código de invitación.',
    codeInvalid: 'Ese código ya no es válido. Solicita uno nuevo.',
    codeExpired: 'Ese código ha caducado. Solicita uno nuevo.',
    codeWrong: 'Ese código no es correcto. Revísalo e inténtalo de nuevo.',
    codeTooManyTries: 'Demasiados intentos fallidos: ese código ya no es válido. Solicita uno nuevo.',
    verifyMailFailed: 'Se produjo un error desconocido al enviar el correo de verificación.',
    rateLimited: 'Demasiados intentos. Espera un rato y vuelve a intentarlo.',
    captchaFailed: 'La comprobación del captcha falló. Completa el captcha e inténtalo de nuevo.',
    captchaRequired: 'Demasiados intentos fallidos. Completa el captcha e inténtalo de nuevo.',
    insufficientCredits:
      'No tienes créditos suficientes para enviar este mensaje. Compra más créditos para seguir chateando.',
    proRequired: 'Esta función requiere una suscripción Pro.',
    personaUnpublished:
      'Esta persona ya no está disponible. Aún puedes leer este chat; empieza uno nuevo para seguir hablando.',
    personaMissing: 'Esa persona no existe.',
    personaUnavailable: 'Esa persona no está disponible.',
    chatMissing: 'Este chat no existe o no es tuyo.',
    messageMissing: 'No se encontró ese mensaje en este chat.',
    replyBusy: 'Todavía se está escribiendo una respuesta en este chat. Espera a que termine o detenla primero.',
    emptyMessage: 'Escribe un mensaje primero.',
    restarting: 'El servidor se está reiniciando. Inténtalo de nuevo en un momento.',
    adminOnly: 'Solo los administradores pueden hacer esto.',
    notFound: 'No encontrado.',
    fileNotFound: 'No se encontró ese archivo.',
    linkNotFound: 'No se encontró ese enlace.',
    controlChars: 'No se permiten caracteres de control.',
    unsupportedLocale: 'Idioma no admitido. Usa uno de estos: en-US, es, de, fr, pt-BR, ja, ar.',
    ...esErrors.messages,
  },
  templates: esErrors.templates,
  mail: {
    verify: {
      subject: (code) => `Tu código de verificación de ${P}: ${code}`,
      heading: 'Verifica tu correo electrónico',
      text: (code) =>
        `¡Te damos la bienvenida a ${P}!\n\nTu código de verificación es ${code}\n\nIntrodúcelo en la app para verificar tu correo electrónico. Es válido durante 10 minutos y solo se puede usar una vez.\nSi no te has registrado en ${P}, puedes ignorar este correo.\n`,
      intro: `¡Te damos la bienvenida a ${P}! Introduce este código en la app para verificar tu correo electrónico:`,
      note: `Es válido durante 10 minutos y solo se puede usar una vez. Si no te has registrado en ${P}, puedes ignorar este correo.`,
    },
    reset: {
      subject: (code) => `Tu código para restablecer la contraseña de ${P}: ${code}`,
      heading: 'Restablece tu contraseña',
      text: (code) =>
        `Alguien ha pedido restablecer la contraseña de tu cuenta de ${P}.\n\nTu código es ${code}\n\nEs válido durante 10 minutos y solo se puede usar una vez. Si no has sido tú, ignora este correo: tu contraseña no cambiará.\n`,
      intro: `Alguien ha pedido restablecer la contraseña de tu cuenta de ${P}. Tu código es:`,
      note: 'Es válido durante 10 minutos y solo se puede usar una vez. Si no has sido tú, ignora este correo: tu contraseña no cambiará.',
    },
    invite: {
      subject: `Tu código de invitación de ${P}`,
      heading: 'Estás invitado',
      text: (code, appUrl) =>
        `Buenas noticias: ha llegado tu turno en la lista de espera de ${P}.\n\nTu código de invitación es ${code}\n\nAbre ${appUrl}, introduce este correo electrónico, elige «Tengo un código de invitación» e introduce el código.\n`,
      intro: `Buenas noticias: ha llegado tu turno en la lista de espera de ${P}. Tu código de invitación es:`,
      steps: (link) =>
        `Abre ${link}, introduce este correo electrónico, elige «Tengo un código de invitación» e introduce el código.`,
    },
    proEnded: {
      subject: `Tu suscripción a ${P} Pro ha finalizado`,
      heading: 'Tu suscripción Pro ha finalizado',
      when: (date) => (date ? `el ${date}, cuando termine el periodo que pagaste` : 'ahora'),
      body: (when) =>
        `Nuestro equipo ha finalizado tu suscripción a ${P} Pro. Pro termina ${when} y no se te volverá a cobrar.`,
      note: (link) =>
        `Tu cuenta, tus chats y tus créditos siguen igual. ¿Tienes preguntas? Responde a este correo. Puedes volver a suscribirte cuando quieras desde ${link}.`,
    },
    security: {
      subject: `Aviso de seguridad de tu cuenta de ${P}`,
      heading: 'Un cambio en cómo inicias sesión',
      passkeyAdded: (name) => `Se añadió una llave de acceso llamada «${name}» a tu cuenta de ${P}.`,
      passkeyRemoved: (name) => `Se quitó la llave de acceso llamada «${name}» de tu cuenta de ${P}.`,
      twoFactorOn: `Se activó la verificación en dos pasos en tu cuenta de ${P}.`,
      twoFactorOff: `Se desactivó la verificación en dos pasos en tu cuenta de ${P}.`,
      backupCodes: `Se crearon nuevos códigos de respaldo para tu cuenta de ${P}; los anteriores ya no sirven.`,
      newSignIn: (device) => `Se inició sesión en tu cuenta de ${P} desde un dispositivo nuevo: ${device}.`,
      note: 'Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña y revisa tus dispositivos en Ajustes › Seguridad.',
    },
  },
};
