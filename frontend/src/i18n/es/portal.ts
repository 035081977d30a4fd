import type { CARE_TEXTS as EN_CARE_TEXTS, SETTINGS_TEXTS as EN_SETTINGS_TEXTS } from '../../portal/client/careTexts.ts';
import type { LOGIN as EN_LOGIN, PASSWORD_TOGGLE as EN_PASSWORD_TOGGLE } from '../../portal/client/loginTexts.ts';
import type {
  INTERVAL_UNITS as EN_INTERVAL_UNITS,
  PORTAL_TEXTS as EN_PORTAL_TEXTS,
  WEEKDAYS as EN_WEEKDAYS,
} from '../../portal/client/portalTexts.ts';
import { PASSWORD_MIN_LENGTH, type REGISTER as EN_REGISTER } from '../../portal/client/registerTexts.ts';
import type { LANDING as EN_LANDING } from '../../portal/landingTexts.ts';
import type { Translation } from '../translation.ts';

/** Spanish nouns and adjectives agree with the number: "1 día", "2 días". */
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Spanish of the public landing page (read by brokers). */
export const LANDING: Translation<typeof EN_LANDING> = {
  productName: 'CareKeep',
  signIn: 'Iniciar sesión',
  resultsLabel: 'Resultados',
  heroTitle: 'Evite perder clientes en el AEP. Haga crecer su cartera.',
  heroSubtitle:
    'Conserve a sus clientes de Medicare durante el Período de Inscripción Anual con llamadas automáticas de recordatorio, campañas con su marca y análisis de retención, todo con el nombre de su agencia.',
  trialButton: 'Comience su prueba gratuita de 30 días',
  trialNote: 'No se requiere tarjeta de crédito · Acceso completo · Cancele cuando quiera',
  featuresTitle: 'Todo lo que necesita para conservar a sus clientes',
  features: [
    {
      title: 'Recordatorios automáticos de medicamentos',
      text: 'Las llamadas y los mensajes automáticos de recordatorio de medicamentos ayudan a sus clientes a seguir su tratamiento, y a tenerlo presente a usted.',
    },
    {
      title: 'Su propia marca',
      text: 'El logotipo de su agencia, sus colores y mensajes con su marca en cada pantalla, correo electrónico y llamada.',
    },
    {
      title: 'Gestión de clientes',
      text: 'Todos sus clientes en un solo lugar, con una puntuación de participación que le muestra a quién debe llamar.',
    },
    {
      title: 'Campañas masivas por correo electrónico y SMS',
      text: 'Llegue a toda su cartera en minutos con campañas por correo electrónico y mensaje de texto.',
    },
    {
      title: 'Análisis de retención',
      text: 'Vea de un vistazo la retención, las llamadas completadas y la participación de sus clientes.',
    },
    {
      title: 'Mensajes del patrocinador',
      text: 'Cada llamada de recordatorio incluye un mensaje patrocinado por su agencia.',
    },
  ],
  stats: [
    { value: '85%', label: 'Tasa de retención de clientes' },
    { value: '50%', label: 'Menos pérdida de clientes' },
    { value: '$2.5K', label: 'Comisión promedio conservada por cliente' },
  ],
  closingTitle: '¿Listo para conservar a todos sus clientes en este AEP?',
  closingText: 'Comience hoy su prueba gratuita de 30 días. Sin tarjeta de crédito, con acceso completo y puede cancelar cuando quiera.',
  clientPrompt: '¿Es cliente de una agencia que usa CareKeep?',
  clientSignIn: 'Inicie sesión en su portal',
  footer: '© 2025 CareKeep. Todos los derechos reservados.',
};

/** Spanish of the client sign-in page. */
export const LOGIN: Translation<typeof EN_LOGIN> = {
  title: 'Iniciar sesión',
  welcome: 'Bienvenido de nuevo. Inicie sesión para ver sus medicamentos y recordatorios.',
  agencyWelcome: (agency: string) => `Inicie sesión para ver sus recordatorios de ${agency}.`,
  username: 'Nombre de usuario',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
  submitting: 'Iniciando sesión…',
  forgotPassword: '¿Olvidó su contraseña?',
  invitationNote: '¿Es nuevo aquí? Pídale a su agente de seguros una invitación para crear su cuenta.',
  missingFieldsTitle: 'Faltan datos',
  missingFieldsText: 'Escriba su nombre de usuario y su contraseña',
  failedTitle: 'No se pudo iniciar sesión',
  failedFallback: 'El nombre de usuario o la contraseña no son correctos',
  successTitle: '¡Inició sesión correctamente!',
  successText: (firstName: string) => `¡Bienvenido de nuevo, ${firstName}!`,
};

/** Spanish of the show/hide button of a password field. */
export const PASSWORD_TOGGLE: Translation<typeof EN_PASSWORD_TOGGLE> = {
  show: 'Mostrar',
  hide: 'Ocultar',
};

/** Spanish of the client registration page. */
export const REGISTER: Translation<typeof EN_REGISTER> = {
  title: 'Cree su cuenta',
  greeting: (firstName: string) => `¡Bienvenido, ${firstName}!`,
  invitedBy: (agency: string) => `${agency} le invita a su portal privado para sus medicamentos y recordatorios.`,
  intro: 'Elija un nombre de usuario y una contraseña. Los usará para iniciar sesión en su portal personal de salud.',
  username: 'Nombre de usuario',
  usernameHint: 'Al menos 3 caracteres: letras, números y .\u00a0_\u00a0-\u00a0@',
  password: 'Contraseña',
  passwordHint: `Al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  confirmPassword: 'Confirme la contraseña',
  confirmPasswordHint: 'Escriba otra vez la misma contraseña',
  submit: 'Crear cuenta',
  submitting: 'Creando la cuenta…',
  haveAccount: '¿Ya tiene una cuenta?',
  signInLink: 'Iniciar sesión',

  missingFieldsTitle: 'Faltan datos',
  missingFieldsText: 'Complete todos los campos',
  mismatchTitle: 'Las contraseñas no coinciden',
  tooShortTitle: 'La contraseña es muy corta',
  tooShortText: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  missingTokenTitle: 'Invitación no válida',
  missingTokenText: 'Falta el código de la invitación',
  failedTitle: 'No se pudo crear la cuenta',
  failedFallback: 'Inténtelo de nuevo',
  successTitle: '¡Su cuenta está lista!',
  successText: 'Abriendo su portal…',

  lookupFailedTitle: 'La invitación no es válida o ya venció',
  invalidTitle: 'Invitación no válida',
  invalidText: 'Este enlace de invitación no es válido o ya venció. Pídale una nueva invitación a su agente de seguros.',
  goToLogin: 'Ir a Iniciar sesión',
  registeredTitle: 'Ya tiene una cuenta',
  registeredText: 'Usted ya creó su cuenta con esta invitación. Inicie sesión con su nombre de usuario y su contraseña.',
  signIn: 'Iniciar sesión',
};

/** The Spanish words of the contact details, also compared in `keepCurrent`. */
const CONTACT_FIELD = { phone: 'número de teléfono', email: 'correo electrónico' } as const;

/** Spanish of the client portal. */
export const PORTAL_TEXTS: Translation<typeof EN_PORTAL_TEXTS> = {
  help: 'Ayuda',
  close: 'Cerrar',
  portalNav: 'Portal',
  signOut: 'Cerrar sesión',
  signIn: 'Iniciar sesión',
  welcome: (firstName: string) => `¡Bienvenido, ${firstName}!`,
  welcomeSub: 'Lleve el control de sus medicamentos y no olvide ninguna dosis.',
  fromAgency: (agency: string) => `Un mensaje de ${agency}`,
  footer: (agency: string) => `© ${agency}. Su información se mantiene privada y segura.`,
  callMyAgent: 'Llamar a mi agente',
  yourAgent: (agency: string) => `Su agente: ${agency}`,
  loadFailed: 'No pudimos cargar su portal. Revise su conexión e inténtelo de nuevo.',
  tryAgain: 'Intentar de nuevo',
  loading: 'Cargando…',
  cancel: 'Cancelar',
  delete: 'Eliminar',

  upcomingReminders: 'Próximos recordatorios',
  genericReminder: 'Recordatorio de medicamento',

  myMedications: 'Mis medicamentos',
  addMedication: 'Agregar medicamento',
  noMedications: 'Todavía no ha agregado ningún medicamento.',
  privacyNotice: 'Sus medicamentos y recordatorios son privados. Solo usted puede verlos — ni su agente ni su agencia pueden verlos.',
  medicationName: 'Nombre del medicamento',
  medicationNameRequired: 'Escriba el nombre del medicamento',
  dosage: 'Dosis (opcional)',
  dosageHint: 'Por ejemplo: 10 mg',
  frequency: 'Con qué frecuencia lo toma (opcional)',
  frequencyHint: 'Por ejemplo: Una vez al día',
  instructions: 'Instrucciones (opcional)',
  instructionsHint: 'Por ejemplo: Tomar con alimentos',
  medicationAdded: 'El medicamento se agregó correctamente',
  medicationAddFailed: 'No se pudo agregar el medicamento',
  deleteMedicationTitle: 'Eliminar medicamento',
  deleteMedicationConfirm: (name: string) => `¿Eliminar ${name} de su lista?`,
  deleteMedicationEffect:
    'También se cancelarán los recordatorios de este medicamento que todavía no se hayan enviado. Los recordatorios ya enviados se quedan en su historial.',
  medicationDeleted: 'El medicamento se eliminó correctamente',
  medicationDeleteFailed: 'No se pudo eliminar el medicamento',

  myReminders: 'Mis recordatorios',
  scheduleReminder: 'Programar recordatorio',
  noReminders: 'Todavía no tiene recordatorios. Elija Programar recordatorio para crear uno.',
  remindersFailed: 'No se pudieron cargar sus recordatorios.',
  reminderMedication: 'Medicamento (opcional)',
  none: 'Ninguno',
  date: 'Fecha',
  time: 'Hora',
  dateRequired: 'Elija una fecha',
  timeRequired: 'Elija una hora',
  invalidDateTime: 'La fecha o la hora no es válida',
  pastTime: 'La hora programada debe ser en el futuro',
  message: 'Mensaje (opcional)',
  messageHint: 'Por ejemplo: Tome sus pastillas de la mañana. Déjelo en blanco para un recordatorio general.',
  how: '¿Cómo quiere que le recordemos?',
  voice: 'Llamada telefónica',
  sms: 'Mensaje de texto',
  sayNameOnCall: 'Decir el nombre del medicamento en la llamada',
  sayNameInText: 'Incluir el nombre del medicamento en el mensaje de texto',
  sayNameHint: 'Está desactivado al principio, para que no lo sepa otra persona que conteste o vea su teléfono.',
  recurring: 'Repetir',
  recurringHint: 'Repetir este recordatorio cada día, cada semana o cada mes.',
  pattern: 'Se repite',
  daily: 'Diario',
  weekly: 'Semanal',
  monthly: 'Mensual',
  days: 'Días de la semana',
  daysHint: 'Si no elige ninguno: el mismo día de la semana del primer recordatorio.',
  interval: 'Repetir cada',
  endDate: 'Fecha final (opcional)',
  endDateHint: 'Déjela en blanco para que siga hasta que usted lo detenga',
  reminderScheduled: 'El recordatorio se programó correctamente',
  recurringScheduled: 'El recordatorio recurrente se programó correctamente',
  reminderScheduleFailed: 'No se pudo programar el recordatorio',
  next: 'Próximo:',
  oneTime: 'Una sola vez',
  every: (unit: string) => `Cada ${unit}`,
  everyN: (n: number, units: string) => `Cada ${n} ${units}`,
  onDays: (days: string) => `, los ${days}`,
  until: (date: string) => ` hasta el ${date}`,
  dateAtTime: (date: string, time: string) => `${date}, ${time}`,
  sentOnce: 'Se envía una vez, sin volver a intentar',
  triedAgain: (other: 'text' | 'call' | null, minutes: number, tries: number) =>
    `Si no confirma: se vuelve a intentar${other === 'text' ? ' por mensaje de texto' : other === 'call' ? ' por llamada' : ''} a los ${minutes} min, ${tries} intentos en total`,
  forMedication: (name: string) => `Para: ${name}`,
  deleteReminderTitle: 'Eliminar recordatorio',
  deleteReminderConfirm: '¿Eliminar este recordatorio? Ya no recibirá llamadas ni mensajes de texto de este recordatorio.',
  reminderDeleted: 'El recordatorio se eliminó correctamente',
  reminderDeleteFailed: 'No se pudo eliminar el recordatorio',
  status: { pending: 'Pendiente', completed: 'Completado', failed: 'Falló' },

  history: 'Historial',
  historyIntro: 'Cómo resultaron sus recordatorios recientes.',
  noHistory: 'Todavía no se ha enviado ningún recordatorio.',
  historyFailed: 'No se pudo cargar su historial.',
  outcome: {
    confirmed: 'Confirmado',
    missed: 'No confirmado',
    skipped: 'No enviado',
    waiting: 'Esperando su respuesta',
  },

  contactChangeTitle: 'Confirme un cambio en sus datos de contacto',
  contactField: CONTACT_FIELD,
  contactChangeAsk: (who: string, when: string, what: string, from: string, to: string) =>
    to
      ? `${who} pidió el ${when} cambiar su ${what}${from ? ` de ${from}` : ''} a ${to}.`
      : `${who} pidió el ${when} quitar su ${what} ${from}.`,
  contactChangeKeep: (what: string) =>
    `Hasta que usted confirme, sus recordatorios seguirán llegando a su ${what} actual. Si no esperaba este cambio, conserve el actual y llame a su agente.`,
  confirmChange: 'Confirmar el cambio',
  keepCurrent: (what: string) => `Conservar mi ${what === CONTACT_FIELD.phone ? 'número' : 'correo electrónico'} actual`,
  changeConfirmed: 'Sus datos de contacto se actualizaron',
  changeRefused: 'Sus datos de contacto siguen igual',
  changeFailed: 'No se pudo guardar su respuesta',
  contactChangesHistory: 'Cambios en sus datos de contacto',
  contactChangeRecord: (what: string, from: string, to: string) => `Su ${what}: ${from || 'ninguno'} → ${to || 'eliminado'}`,
  contactChangeOutcome: {
    confirmed: 'Usted lo confirmó',
    refused: 'Usted lo rechazó',
    withdrawn: 'Su agente lo retiró',
  },
};

/** Spanish weekday checkboxes: 0 = domingo … 6 = sábado. */
export const WEEKDAYS: Translation<typeof EN_WEEKDAYS> = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

/** Spanish "Repetir cada N …" units by pattern, singular and plural. */
export const INTERVAL_UNITS: Translation<typeof EN_INTERVAL_UNITS> = {
  daily: ['día', 'días'],
  weekly: ['semana', 'semanas'],
  monthly: ['mes', 'meses'],
};

/** Spanish of the adherence summary, caregivers, follow-up tries and pill supply. */
export const CARE_TEXTS: Translation<typeof EN_CARE_TEXTS> = {
  adherenceTitle: 'Últimos 30 días',
  adherenceFailed: 'No se pudieron cargar sus cifras de los últimos 30 días.',
  adherenceNone: 'Ningún recordatorio ha terminado en los últimos 30 días.',
  adherenceAll: (percent: number, confirmed: number, total: number) => `${percent}% confirmados (${confirmed} de ${total})`,
  adherenceNoFigure: 'Todavía no hay cifras',
  allReminders: (line: string) => `Todos los recordatorios: ${line}`,
  adherenceChart: (confirmed: number, missed: number, skipped: number) =>
    `Últimos 30 días: ${confirmed} ${plural(confirmed, 'confirmado', 'confirmados')}, ${missed} ${plural(missed, 'no confirmado', 'no confirmados')}${
      skipped ? `, ${skipped} ${plural(skipped, 'no enviado', 'no enviados')}` : ''
    }`,
  legendConfirmed: 'Confirmado',
  legendMissed: 'No confirmado',
  legendNone: 'Sin recordatorio',
  genericReminder: 'Recordatorio de medicamento',
  downloadPdf: 'Descargar PDF',
  downloadPdfHint: 'Para imprimirlo o dárselo a su médico. Solo usted puede verlo.',
  confirmedAt: (time: string) => `Confirmado ${time.startsWith('1:') ? 'a la' : 'a las'} ${time}`,
  tries: (n: number) => `${n} ${plural(n, 'intento', 'intentos')}`,

  caregiversTitle: 'Mis cuidadores',
  caregiversIntro:
    'Familiares o amigos que reciben un mensaje de texto o un correo electrónico cuando usted no confirma un recordatorio. Solo saben la hora del recordatorio, nunca de qué se trata.',
  noCaregivers: 'Todavía no tiene cuidadores.',
  caregiversFailed: 'No se pudieron cargar sus cuidadores.',
  addCaregiver: 'Agregar cuidador',
  caregiverName: 'Nombre',
  reachBy: '¿Cómo nos comunicamos con esta persona?',
  reachByText: 'Por mensaje de texto',
  reachByEmail: 'Por correo electrónico',
  caregiverPhone: 'Número de teléfono celular',
  caregiverPhoneHint: 'Le enviamos una invitación por mensaje de texto. Para aceptar, esa persona responde SÍ o YES.',
  caregiverEmail: 'Correo electrónico',
  caregiverEmailHint: 'Le enviamos una invitación por correo electrónico. Para aceptar, esa persona responde Sí en la página del enlace.',
  caregiverEmailRequired: 'El correo electrónico es obligatorio',
  caregiverRelationship: 'Parentesco o relación (opcional)',
  caregiverRelationshipHint: 'Por ejemplo: hija, vecino',
  caregiverNameRequired: 'El nombre es obligatorio',
  caregiverPhoneRequired: 'El número de teléfono celular es obligatorio',
  caregiverAdded: 'Cuidador agregado: le enviamos una invitación por mensaje de texto',
  caregiverAddedByEmail: 'Cuidador agregado: le enviamos una invitación por correo electrónico',
  caregiverAddFailed: 'No se pudo agregar al cuidador',
  caregiverLimit: 'Ya tiene 3 cuidadores, que es el máximo.',
  caregiverStatus: {
    invited: 'Invitado — esperando que responda SÍ o YES',
    active: 'Recibe un mensaje de texto si usted no confirma un recordatorio',
    stopped: 'Detenido — respondió ALTO o STOP',
  },
  caregiverEmailStatus: {
    invited: 'Invitado — esperando su respuesta',
    active: 'Recibe un correo electrónico si usted no confirma un recordatorio',
    stopped: 'Detenido — desactivó los correos electrónicos',
  },
  removeCaregiver: 'Quitar',
  removeCaregiverTitle: 'Quitar cuidador',
  removeCaregiverConfirm: (name: string) => `¿Quitar a ${name}? Ya no recibirá más mensajes sobre sus recordatorios.`,
  caregiverRemoved: 'Se quitó al cuidador',
  caregiverRemoveFailed: 'No se pudo quitar al cuidador',
  cancel: 'Cancelar',

  followUp: 'Si usted no confirma',
  followUpHintCall: 'Oprima 1 durante la llamada para confirmar. Si no lo hace, lo intentamos de nuevo.',
  followUpHintText: 'Responda 1 o SÍ (YES) al mensaje de texto para confirmar. Si no lo hace, lo intentamos de nuevo.',
  triesLabel: 'Intentos en total',
  onlyOnce: 'Solo una vez (no volver a intentar)',
  triesInAll: (n: number) => `${n} ${plural(n, 'intento', 'intentos')}`,
  tryAgainAfter: 'Volver a intentar después de',
  minutes: (n: number) => `${n} ${plural(n, 'minuto', 'minutos')}`,
  tryAgainBy: 'Cómo volver a intentarlo',
  sameWay: 'De la misma manera',
  textInstead: 'Con un mensaje de texto',
  callInstead: 'Con una llamada',
  alertCaregivers: 'Avisar a mis cuidadores si no confirmo',
  alertCaregiversHint: 'Solo a los cuidadores que aceptaron. Sabrán la hora, pero no de qué se trata el recordatorio.',

  pillsOnHand: 'Pastillas que tiene ahora (opcional)',
  pillsOnHandHint: 'Cuéntelas hoy: así calculamos cuándo se le van a acabar.',
  pillsPerDay: 'Pastillas al día (opcional)',
  pillsInvalid: 'Escriba un número entero',
  supplyLeft: (days: number, until: string) =>
    `Le quedan pastillas para aproximadamente ${days} ${plural(days, 'día', 'días')} (hasta el ${until})`,
  supplyOut: 'Se le acabaron las pastillas',
  runningLow: (days: number) =>
    `Le quedan pocas pastillas: para aproximadamente ${days} ${plural(days, 'día', 'días')}. Es hora de volver a surtir su receta.`,
  remindRefill: 'Recordarme surtir la receta',
  refillMessage: (name: string) => `Es hora de volver a surtir su receta de ${name}`,
  refillScheduled: (when: string) => `Le recordaremos surtir la receta el ${when}`,
  refillFailed: 'No se pudo programar el recordatorio para surtir la receta',
  updatePills: 'Actualizar la cantidad de pastillas',
  updatePillsSave: 'Guardar',
  pillsUpdated: 'Se guardó la cantidad de pastillas',
  pillsUpdateFailed: 'No se pudo guardar la cantidad de pastillas',

  editMedication: 'Editar',
  editMedicationLabel: (name: string) => `Editar ${name}`,
  editMedicationTitle: 'Editar medicamento',
  saveMedication: 'Guardar cambios',
  medicationSaved: 'Se guardó el medicamento',
  medicationSaveFailed: 'No se pudo guardar el medicamento',

  pauseReminder: 'Pausar',
  pauseReminderLabel: (title: string) => `Pausar ${title}`,
  resumeReminder: 'Reanudar',
  resumeReminderLabel: (title: string) => `Reanudar ${title}`,
  paused: 'En pausa',
  pausedLine: 'En pausa: no recibirá llamadas ni mensajes de texto de este recordatorio hasta que lo reanude.',
  reminderPaused: 'Recordatorio en pausa. No recibirá sus llamadas ni mensajes de texto hasta que lo reanude.',
  reminderResumed: (when: string) => `Recordatorio reanudado. Próximo: ${when}`,
  pauseFailed: 'No se pudo pausar el recordatorio',
  resumeFailed: 'No se pudo reanudar el recordatorio',
  devOutboxTitle: 'Mensajes enviados (desarrollo)',
  devOutboxHint:
    'Aquí no se envía nada de verdad: estos son los mensajes de texto, llamadas y correos electrónicos para usted y sus cuidadores. Responda un mensaje o una llamada como lo haría quien la recibe.',
  devTo: (recipient: string) => `Para ${recipient}`,
  devReply: 'Respuesta',
  devSendReply: (recipient: string) => `Enviar respuesta como ${recipient}`,
  devPress1: 'Pulsar 1',
  devPress9: 'Pulsar 9',
  devHeard: 'Respuesta:',
  devNothingHeard: 'No llegó ninguna respuesta.',
  devAnswerFailed: 'No se pudo dar la respuesta',
};

/** Spanish of the client's settings: time zone and plan messages. */
export const SETTINGS_TEXTS: Translation<typeof EN_SETTINGS_TEXTS> = {
  title: 'Su configuración',
  timeZone: 'Su zona horaria',
  timeZoneHint: 'Sus recordatorios llegan a las horas que usted elige, en esta zona horaria.',
  zones: {
    'America/New_York': 'Hora del Este',
    'America/Chicago': 'Hora del Centro',
    'America/Denver': 'Hora de la Montaña',
    'America/Phoenix': 'Hora de Arizona',
    'America/Los_Angeles': 'Hora del Pacífico',
    'America/Anchorage': 'Hora de Alaska',
    'Pacific/Honolulu': 'Hora de Hawái',
    'America/Puerto_Rico': 'Hora de Puerto Rico',
  },
  marketingLegend: 'Mensajes sobre planes de Medicare',
  marketingHint: (agency: string) =>
    `¿Puede ${agency} llamarle o enviarle mensajes de texto o correos electrónicos sobre planes de Medicare? Sus recordatorios le llegan de todos modos.`,
  marketingYes: 'Sí, mi agencia puede comunicarse conmigo sobre planes de Medicare',
  marketingNo: 'No, no se comuniquen conmigo sobre planes de Medicare',
  displayLegend: 'Cómo se ve el portal',
  displayHint: 'Se guarda en este dispositivo y con su cuenta.',
  textSize: 'Tamaño del texto',
  textSizes: { normal: 'Normal', large: 'Grande', extra_large: 'Muy grande' },
  highContrast: 'Alto contraste (negro sobre blanco, bordes marcados)',
  save: 'Guardar configuración',
  saved: 'Configuración guardada',
  saveFailed: 'No se pudo guardar su configuración. Inténtelo de nuevo.',
  loadFailed: 'No se pudo cargar su configuración.',
};
