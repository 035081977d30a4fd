import type { RESET_TEXTS as EN_RESET_TEXTS } from '../../portal/client/resetTexts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the Forgot password and Choose a new password pages. */
export const RESET_TEXTS: Translation<typeof EN_RESET_TEXTS> = {
  forgotTitle: 'Cambie su contraseña',
  forgotIntro:
    'Escriba su nombre de usuario, su número de teléfono o su correo electrónico. Le enviaremos un código por mensaje de texto, o un enlace por correo electrónico.',
  identifier: 'Nombre de usuario, teléfono o correo electrónico',
  identifierHint: 'Por ejemplo: mary.j, (615) 555-0142 o mary@example.com',
  send: 'Enviarme un código',
  sending: 'Enviando…',
  missingIdentifierTitle: 'Falta un dato',
  missingIdentifier: 'Escriba su nombre de usuario, su número de teléfono o su correo electrónico',
  sendFailedTitle: 'No se pudo enviar',
  sendFailedFallback: 'Vuelva a intentarlo en unos minutos',

  sentTitle: 'Revise su teléfono o su correo electrónico',
  sentText:
    'Si hay una cuenta con esos datos, le enviamos un código por mensaje de texto o un enlace por correo electrónico. Funciona durante 30 minutos.',
  emailNext: 'Abra el enlace del correo electrónico que le enviamos para elegir una contraseña nueva.',
  gotText: 'Recibí un código por mensaje de texto',
  codeIntro: 'Escriba el código de 6 dígitos del mensaje de texto y luego elija una contraseña nueva.',
  emailInstead: '¿Recibió un correo electrónico? Abra el enlace que trae.',
  code: 'Código de 6 dígitos',
  codeHint: 'Del mensaje de texto que le enviamos',
  newPassword: 'Contraseña nueva',
  newPasswordHint: 'Al menos 8 caracteres',
  confirmPassword: 'Confirme la contraseña nueva',
  confirmPasswordHint: 'Escriba la misma contraseña otra vez',
  save: 'Guardar la contraseña nueva',
  saving: 'Guardando…',
  missingFieldsTitle: 'Faltan datos',
  missingFieldsText: 'Complete todos los campos',
  badCodeTitle: 'Revise el código',
  badCodeText: 'El código tiene 6 dígitos',
  mismatchTitle: 'Las contraseñas no coinciden',
  tooShortTitle: 'La contraseña es demasiado corta',
  tooShortText: 'La contraseña debe tener al menos 8 caracteres',
  failedTitle: 'No se cambió la contraseña',
  failedFallback: 'Vuelva a intentarlo',
  successTitle: '¡Contraseña cambiada!',
  successText: (firstName: string) => `¡Bienvenido de nuevo, ${firstName}! Abriendo su portal…`,
  sendAgain: 'Enviar un código nuevo',
  backToSignIn: 'Volver a iniciar sesión',

  resetTitle: 'Elija una contraseña nueva',
  resetIntro: 'Elija una contraseña nueva para su portal. La usará para iniciar sesión.',
  noLinkTitle: 'Este enlace no está completo',
  noLinkText: 'Abra otra vez el enlace del correo electrónico, o pida uno nuevo.',
  askAgain: 'Pedir un enlace nuevo',
  helpNote: '¿Sigue sin poder entrar? Llame a su agente de seguros: puede enviarle un código nuevo.',
};
