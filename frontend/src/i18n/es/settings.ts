import {
  PROFILE_NAME_MAX,
  type PROFILE_STEP_TEXTS as EN_PROFILE_STEP_TEXTS,
  type SETTINGS_TEXTS as EN_SETTINGS_TEXTS,
} from '../../broker-app/settings/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the Settings page (`broker-app/settings/texts.ts`). */
export const SETTINGS_TEXTS: Translation<typeof EN_SETTINGS_TEXTS> = {
  title: 'Configuración',
  subtitle: 'Su nombre, el teléfono de su agencia y los correos electrónicos que le enviamos',
  loadFailed: 'No se pudo cargar su configuración.',
  retry: 'Intentar de nuevo',

  profileTitle: 'Su perfil',
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo electrónico',
  emailHint: 'Proviene de su proveedor de inicio de sesión. Cámbielo allí.',
  emailNone: 'Su proveedor de inicio de sesión no proporcionó una dirección de correo electrónico.',
  agencyPhone: 'Teléfono de la agencia',
  agencyPhonePlaceholder: '(555) 010-2000',
  agencyPhoneHint: 'Aparece en el pie de página de los correos electrónicos. Es el mismo número que en la página Marca.',
  timeZone: 'Zona horaria',
  timeZoneHint:
    'Su resumen semanal llega los lunes a las 8:00 a. m. en esta zona horaria, y sus envíos programados cuentan los días en ella.',
  deviceZoneButton: (zone: string) => `Usar la zona horaria de este dispositivo (${zone})`,

  notificationsTitle: 'Notificaciones por correo electrónico',
  emailNotifications: 'Enviarme correos electrónicos sobre mis clientes',
  emailNotificationsHint:
    'Un correo electrónico cuando un cliente se une a su portal, y cuando un cliente confirma o rechaza un cambio de teléfono o de correo electrónico que usted solicitó.',
  emailNotificationsNoEmail: 'No tenemos una dirección de correo electrónico suya, así que no se le puede enviar nada.',
  weeklyDigest: 'Resumen semanal por correo electrónico',
  weeklyDigestHint:
    'Todos los lunes a las 8:00 a. m.: clientes que pasaron a estar en riesgo, consentimientos vencidos, próximos cumpleaños y aniversarios, y resultados de campañas',

  save: 'Guardar',
  saved: 'Configuración guardada',
  saveFailed: 'No se pudo guardar la configuración',

  firstNameRequired: 'El nombre es obligatorio',
  lastNameRequired: 'El apellido es obligatorio',
  firstNameTooLong: `El nombre debe tener como máximo ${PROFILE_NAME_MAX} caracteres`,
  lastNameTooLong: `El apellido debe tener como máximo ${PROFILE_NAME_MAX} caracteres`,
};

/** Spanish of the profile step shown when the sign-in provider gave no name. */
export const PROFILE_STEP_TEXTS: Translation<typeof EN_PROFILE_STEP_TEXTS> = {
  title: '¡Le damos la bienvenida! ¿Cuál es su nombre?',
  description:
    'Su proveedor de inicio de sesión no nos indicó su nombre. Sus clientes lo ven en los mensajes que usted les envía, por eso se lo preguntamos una sola vez. Puede cambiarlo más tarde en Configuración.',
  save: 'Guardar y continuar',
  saved: 'Le damos la bienvenida',
  saveFailed: 'No se pudo guardar su nombre',
  signOut: 'Cerrar sesión',
};
