import type {
  BRANDING_TEXTS as EN_BRANDING_TEXTS,
  MARKETING_DETAILS_TEXTS as EN_MARKETING_DETAILS_TEXTS,
  PREVIEW_TEXTS as EN_PREVIEW_TEXTS,
  TPMO_TEXTS as EN_TPMO_TEXTS,
} from '../../broker-app/branding/texts.ts';
import { SPONSOR_MESSAGE_MAX } from '../../broker-app/branding/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the Branding page (`broker-app/branding/texts.ts`). */
export const BRANDING_TEXTS: Translation<typeof EN_BRANDING_TEXTS> = {
  title: 'Personalización de marca',
  loadFailed: 'No se pudo cargar la configuración de su marca.',
  subtitle: 'El nombre, el logotipo, los colores y el mensaje del patrocinador de su agencia, tal como los ven sus clientes',

  agencyTitle: 'Información de la agencia',
  agencyName: 'Nombre de la agencia',
  agencyNamePlaceholder: 'p. ej., Whitfield Medicare Advisors',
  agencyPhone: 'Teléfono de la agencia',
  agencyPhonePlaceholder: '(555) 010-2000',
  agencyPhoneHint: 'Se muestra en el pie de los correos electrónicos',
  agencyAddress: 'Dirección postal',
  agencyAddressPlaceholder: 'p. ej., 410 Church Street, Suite 200, Nashville, TN 37219',
  agencyAddressHint:
    'Todo correo electrónico de marketing la lleva en su pie, como exige la ley; las campañas se envían una vez que esté indicada.',

  logoTitle: 'Logotipo de la agencia',
  logoHint: 'Tamaño recomendado: 200x200 px. PNG, JPEG o WebP, de hasta 2 MB.',
  logoUpload: 'Subir logotipo',
  logoReplace: 'Reemplazar logotipo',
  logoNone: 'Aún no hay logotipo',
  logoAlt: 'Logotipo actual de la agencia',
  logoFileLabel: 'Archivo del logotipo',
  logoUploading: (percent: number) => `Subiendo… ${percent}%`,
  logoUploaded: 'Logotipo subido',
  logoUploadedDescription: 'Ahora aparece en su barra lateral, en el portal de clientes y en los correos electrónicos.',
  logoFailed: 'No se pudo subir el logotipo',
  logoWrongFile: 'Elija una imagen PNG, JPEG o WebP de 2 MB como máximo.',

  colorsTitle: 'Colores de la marca',
  primaryColor: 'Color principal',
  secondaryColor: 'Color secundario',
  colorPicker: (label: string) => `Selector de ${label.toLowerCase()}`,
  colorHint: 'Hexadecimal, p. ej., #2563eb',
  colorInvalid: 'Ingrese un color hexadecimal como #2563eb o #26e',
  contrastTitle: 'Este color es difícil de leer sobre blanco',
  contrastWarning: (ratio: string, shade: string, shadeRatio: string) =>
    `Como texto sobre un fondo claro, o detrás de texto blanco, se lee a ${ratio}:1, por debajo del 4.5:1 que necesitan las personas con baja visión. Los botones, los enlaces, el portal de clientes y sus correos electrónicos usan un tono más oscuro, ${shade} (${shadeRatio}:1), para que todos puedan leerlos. Elija un color más oscuro para usar el suyo en todas partes.`,
  contrastShade: 'El tono que se usa',

  sponsorTitle: 'Mensaje del patrocinador',
  sponsorLabel: 'Mensaje del patrocinador',
  sponsorPlaceholder: 'p. ej., Cortesía de Whitfield Medicare Advisors, sus expertos locales en Medicare.',
  sponsorHint: 'Se agrega a cada llamada de recordatorio, después del recordatorio.',
  sponsorEsLabel: 'Mensaje del patrocinador en español (opcional)',
  sponsorEsPlaceholder: 'p. ej. Le ofrece este servicio Whitfield Medicare Advisors, sus expertos locales en Medicare.',
  sponsorEsHint: 'Para los clientes que hablan español; si lo deja vacío, reciben el mensaje de arriba.',
  counter: (length: number) => `${length}/${SPONSOR_MESSAGE_MAX}`,
  tooLong: (length: number) => `${length} caracteres: acórtelo a ${SPONSOR_MESSAGE_MAX} o menos para guardarlo.`,

  save: 'Guardar',
  discard: 'Descartar cambios',
  unsaved: 'Tiene cambios sin guardar. Las vistas previas ya los muestran.',
  saved: 'Configuración de marca guardada',
  savedDescription: 'Sus clientes ya ven el nuevo aspecto.',
  saveFailed: 'No se pudo guardar la configuración de marca',

  previewTitle: 'Vista previa para clientes',
  previewSubtitle: 'Se actualiza mientras escribe. Nada cambia para los clientes hasta que guarde.',
  loginPreview: 'Página de inicio de sesión de clientes',
  emailPreview: 'Plantilla de correo electrónico',
  callPreview: 'Guion de la llamada',

  portalLinkTitle: 'Enlace de inicio de sesión para sus clientes',
  portalLinkHint:
    'Comparta este enlace con sus clientes (en un correo electrónico, en su sitio web, en una tarjeta): su página de inicio de sesión muestra su logotipo, su nombre y su color, para que vean que es usted. Nunca cambia, aunque cambie el nombre de su agencia.',
  portalLinkLabel: 'Enlace de inicio de sesión con su marca',
  portalLinkCopy: 'Copiar enlace',
  portalLinkCopied: 'Enlace copiado',
  portalLinkCopiedDescription: 'Péguelo donde sus clientes lo vayan a encontrar.',
  portalLinkCopyFailed: 'No se pudo copiar el enlace: selecciónelo y cópielo usted.',
  portalLinkFailed: 'No se pudo cargar su enlace de inicio de sesión.',
};

/** Spanish of what the client pages say, so the previews look like them. */
export const PREVIEW_TEXTS: Translation<typeof EN_PREVIEW_TEXTS> = {
  portalDefaultAgency: 'Su equipo de atención médica',
  emailDefaultAgency: 'Su agencia de seguros',
  loginHeading: 'Portal de clientes',
  loginSubheading: 'Inicie sesión para ver sus medicamentos y recordatorios',
  username: 'Nombre de usuario',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  loginNote: (agency: string) => `¿No tiene una cuenta? Comuníquese con ${agency} para recibir una invitación.`,
  emailFrom: (agency: string) => `De: ${agency}`,
  emailSubject: 'Asunto: Ya casi llega el Período de Inscripción Anual',
  emailGreeting: 'Hola, Margaret:',
  emailBody:
    'El Período de Inscripción Anual va del 15 de octubre al 7 de diciembre. Es un buen momento para asegurarse de que su plan todavía se ajusta a sus necesidades. Responda a este correo electrónico o llámenos y revisaremos juntos sus opciones.',
  emailLink: 'Programe una revisión de su plan',
  emailFooterNote: (agency: string) => `Recibe este mensaje porque es cliente de ${agency}.`,
  unsubscribe: 'Darse de baja',
  callSampleMessage: 'Este es un amable recordatorio sobre sus medicamentos.',
  callParts: ['Saludo', 'Recordatorio', 'Mensaje del patrocinador', 'Indicación'],
  callNote: 'La llamada automática de recordatorio lo dice en este orden.',
};

/** Spanish of the TPMO disclaimer section of Branding. */
export const TPMO_TEXTS: Translation<typeof EN_TPMO_TEXTS> = {
  title: 'Aviso legal de marketing de Medicare (TPMO)',
  intro:
    'Las agencias que venden planes de Medicare deben indicar, en los correos electrónicos y mensajes de texto de marketing y en el portal de clientes, que no ofrecen todos los planes. El texto de abajo se redacta con las cifras que usted indique y se agrega automáticamente.',
  sellsPlans: '¿Su agencia vende planes Medicare Advantage o de la Parte D?',
  sellsPlansYes: 'Sí',
  sellsPlansNo: 'No',
  unanswered: 'Aún sin responder: las campañas se envían una vez que elija sí o no y guarde.',
  chooseFirst: 'Elija sí o no',
  organizations: 'Organizaciones que representa',
  plans: 'Planes que ofrecen en su área',
  generatedLabel: 'Aviso legal (generado)',
  ownLabel: 'Aviso legal (con su propia redacción)',
  generatedHint: 'Redactado con las cifras de arriba. Edítelo si quiere usar su propia redacción.',
  ownHint: 'Su propia redacción se usa tal como está escrita. “Restablecer el texto generado” vuelve al texto generado.',
  save: 'Guardar aviso legal',
  reset: 'Restablecer el texto generado',
  saved: 'Aviso legal guardado',
  savedOn: 'Los correos electrónicos y mensajes de texto de marketing y el portal de clientes ya lo incluyen.',
  savedOff: 'Sus mensajes no incluyen ningún aviso legal mientras su agencia no venda planes.',
  saveFailed: 'No se pudo guardar el aviso legal',
};

export const MARKETING_DETAILS_TEXTS: Translation<typeof EN_MARKETING_DETAILS_TEXTS> = {
  title: 'Antes de su primera campaña',
  intro:
    'Sus clientes ven el nombre de su agencia en todas partes. Todo correo electrónico de marketing lleva su dirección postal, y el marketing de Medicare de una agencia que vende planes lleva el aviso legal TPMO. Las campañas se envían una vez que la dirección y la respuesta estén indicadas.',
  name: 'Nombre de la agencia',
  nameHint: 'Sus clientes lo ven en cada mensaje de texto, correo electrónico y llamada, y en su portal.',
  nameRequired: 'Indique el nombre de su agencia',
  address: 'Dirección postal de la agencia',
  addressPlaceholder: 'Calle, suite, ciudad, estado y código postal',
  addressRequired: 'Indique la dirección postal de su agencia',
  question: '¿Su agencia vende planes Medicare Advantage o de la Parte D?',
  yes: 'Sí',
  no: 'No',
  answerRequired: 'Elija sí o no',
  disclaimerNote: 'Las cifras y la redacción del aviso legal están en Personalización de marca.',
  save: 'Guardar',
  saved: 'Su agencia está lista para las campañas',
  saveFailed: 'No se pudieron guardar los datos de su agencia',
  blockedTitle: 'Las campañas aún no se pueden enviar',
  blocked: (missingAddress: boolean, missingAnswer: boolean) =>
    missingAddress && missingAnswer
      ? 'Indique la dirección postal de su agencia y si vende planes de Medicare. Hasta entonces, las campañas no se pueden enviar, probar, programar ni iniciar.'
      : missingAddress
        ? 'Indique la dirección postal de su agencia. Hasta entonces, las campañas no se pueden enviar, probar, programar ni iniciar.'
        : 'Indique si su agencia vende planes de Medicare. Hasta entonces, las campañas no se pueden enviar, probar, programar ni iniciar.',
  openBranding: 'Abrir Personalización de marca',
};
