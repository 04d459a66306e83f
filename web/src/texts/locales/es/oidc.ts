import type { OidcCatalog } from '../../oidc';

export const oidc: OidcCatalog = {
  working: 'Iniciando sesión…',
  errorTitle: 'No se pudo iniciar sesión',
  errors: {
    denied: 'Cancelaste en el proveedor, así que no se inició sesión.',
    expired: 'Este inicio de sesión caducó o ya se usó. Vuelve a empezar.',
    failed: 'No se pudo verificar la respuesta del proveedor, así que no se inició sesión. Inténtalo de nuevo.',
    unavailable: 'No se puede contactar con el proveedor de inicio de sesión ahora mismo. Inténtalo más tarde.',
    'no-email': 'El proveedor no compartió ninguna dirección de correo, y tu cuenta necesita una.',
    unverified: 'El proveedor no ha verificado tu dirección de correo. Verifícala allí y vuelve a intentarlo.',
  },
  backToSignIn: 'Volver a iniciar sesión',
  confirmTitle: 'Vincula tu cuenta',
  confirmBody: (provider, email) =>
    `Ya existe una cuenta para ${email}. Introduce su contraseña una vez para iniciar sesión con ${provider} a partir de ahora.`,
  password: 'Contraseña',
  confirm: 'Vincular e iniciar sesión',
  inviteTitle: 'Un paso más',
  inviteBody: (provider, email) =>
    `Neura funciona solo con invitación. Introduce tu código de invitación para crear tu cuenta de ${email} con ${provider}.`,
  openBody: (provider, email) => `Crea tu cuenta de ${email} con ${provider}.`,
  inviteCode: 'Código de invitación',
  createAccount: 'Crear cuenta',
  joinWaitlist: '¿Sin código de invitación? Únete a la lista de espera',
  waitlistJoined: (email) => `Estás en la lista de espera. Escribiremos a ${email} cuando tu invitación esté lista.`,
  orPasskey: 'O confirma con una llave de acceso de esta cuenta.',
  usePasskey: 'Usar una llave de acceso',
  twoFactorTitle: 'Verificación en dos pasos',
  twoFactorBody: 'Introduce el código de tu app de autenticación o un código de respaldo.',
  code: 'Código',
  verify: 'Verificar',
};
