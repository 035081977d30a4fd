import type { CAMPAIGN_TEXTS as EN_CAMPAIGN_TEXTS, LIFECYCLE_TEXTS as EN_LIFECYCLE_TEXTS } from '../../broker-app/campaigns/texts.ts';
import type { Translation } from '../translation.ts';

const clients = (n: number) => (n === 1 ? 'cliente' : 'clientes');
const marketingWords = (type: 'email' | 'sms') => (type === 'email' ? 'correos electrónicos' : 'mensajes de texto');
const addressWords = (type: 'email' | 'sms') => (type === 'email' ? 'una dirección de correo electrónico' : 'un número de teléfono');

/** Spanish of the Campaigns page (`broker-app/campaigns/texts.ts`). */
export const CAMPAIGN_TEXTS: Translation<typeof EN_CAMPAIGN_TEXTS> = {
  loadingCampaigns: 'Cargando campañas',
  title: 'Campañas de mensajes',
  subtitle: 'Comuníquese con todos sus clientes activos a la vez por correo electrónico o mensaje de texto.',
  createCampaign: 'Crear campaña',
  listLabel: 'Campañas',
  loadFailed: 'No se pudieron cargar las campañas',
  showMore: 'Mostrar más',

  emptyTitle: 'Todavía no hay campañas',
  emptyBody:
    'Cree una campaña para enviar novedades sobre el período de inscripción, un boletín o un saludo festivo a todos sus ' +
    'clientes activos. Se guarda como borrador; no se envía nada hasta que presione Enviar.',

  dialogTitle: 'Crear campaña',
  name: 'Nombre de la campaña',
  namePlaceholder: 'Novedades del Período de Inscripción Anual',
  type: 'Tipo',
  email: 'Correo electrónico',
  sms: 'SMS',
  subject: 'Asunto',
  message: 'Mensaje',
  smsHint: (length: number) =>
    `${length} caracteres · los mensajes de texto de más de 160 caracteres se envían en varias partes · {firstName}, {lastName}, {agencyName} y {agencyPhone} se completan para cada cliente`,
  draftHint: 'Se guarda como borrador. Puede revisarla antes de enviarla.',
  cancel: 'Cancelar',
  submit: 'Crear campaña',

  nameRequired: 'El nombre es obligatorio',
  subjectRequired: 'El asunto es obligatorio en una campaña por correo electrónico',
  messageRequired: 'El mensaje es obligatorio',
  mergeFieldsHint: 'Personalice con {firstName}, {lastName}, {agencyName} o {agencyPhone}: cada cliente recibe los suyos.',
  unknownMergeField: (fields: string) =>
    `${fields} no se completa para los clientes. Use {firstName}, {lastName}, {agencyName} o {agencyPhone}, o quite las llaves.`,

  created: 'Campaña creada',
  createdDescription: 'Se guardó como borrador. Presione Enviar cuando esté listo.',
  createFailed: 'No se pudo crear la campaña',

  send: 'Enviar',
  confirmTitle: '¿Enviar esta campaña?',
  confirmBody: (name: string, type: 'email' | 'sms') =>
    `“${name}” se enviará ahora por ${type === 'email' ? 'correo electrónico' : 'mensaje de texto'} a cada uno de sus clientes activos ` +
    `que tenga ${addressWords(type)}. Una campaña enviada no se puede retirar.`,
  audienceCounting: 'Contando los clientes que la recibirán…',
  audience: (count: number, type: 'email' | 'sms', consented = count) => {
    const others = count - consented;
    return count === 0
      ? `Ninguno de sus clientes activos puede recibirla: ninguno tiene ${addressWords(type)}.`
      : consented === 0
        ? `${count === 1 ? 'Este cliente no ha' : `Ninguno de estos ${count} clientes ha`} dado permiso para recibir ${marketingWords(type)} de marketing (o el permiso venció): no se enviaría a nadie. Primero registre su permiso en la página del cliente.`
        : consented < count
          ? `Se enviará a ${consented} de ${count} clientes. ${
              others === 1
                ? `El otro no ha dado permiso para recibir ${marketingWords(type)} de marketing, lo retiró o se dio de baja: se omite, y la página de la campaña indica por qué.`
                : `Los otros ${others} no han dado permiso para recibir ${marketingWords(type)} de marketing, lo retiraron o se dieron de baja: se omiten, y la página de la campaña indica por qué.`
            }`
          : `Se enviará a ${count} ${clients(count)}.`;
  },
  confirmSend: 'Enviar ahora',
  skippedTitle: (count: number) => `${count} ${count === 1 ? 'mensaje no se envió' : 'mensajes no se enviaron'}:`,
  skippedLine: (reason: string, count: number) => `${reason}: ${count}`,
  edit: 'Editar',
  editFor: (name: string) => `Editar ${name}`,
  editTitle: 'Editar campaña',
  save: 'Guardar cambios',
  saved: 'Campaña guardada',
  saveFailed: 'No se pudo guardar la campaña',
  delete: 'Eliminar',
  deleteFor: (name: string) => `Eliminar ${name}`,
  deleteTitle: '¿Eliminar este borrador?',
  deleteBody: (name: string) => `Se eliminará “${name}”. Nunca se envió.`,
  keepIt: 'Conservarlo',
  deleted: 'Borrador eliminado',
  deleteFailed: 'No se pudo eliminar la campaña',
  sendTest: 'Enviar prueba',
  sendTestFor: (name: string) => `Enviar prueba de ${name} (solo a usted)`,
  sendTestFailed: 'No se pudo enviar la prueba',
  testSentTo: (to: string) => `Se envió una prueba a ${to}.`,
  testNotSentTo: (to: string) => `No se pudo enviar la prueba a ${to}. Vuelva a intentarlo en unos minutos.`,
  sendTestHint:
    'Se le envía solo a usted, marcada como [Test]: por correo electrónico a su dirección y por mensaje de texto al teléfono de su agencia.',
  duplicate: 'Duplicar',
  duplicateFor: (name: string) => `Duplicar ${name}`,
  duplicated: (name: string) => `Se guardó “${name}” como borrador`,
  duplicateFailed: 'No se pudo duplicar la campaña',
  viewRecipients: 'Destinatarios',
  viewRecipientsFor: (name: string) => `Destinatarios de ${name}`,

  pageBack: 'Campañas',
  pageNotFound: 'No se encontró esta campaña. Es posible que se haya eliminado.',
  recipientsTitle: 'Destinatarios',
  recipientsEmptyDraft: 'Un borrador todavía no tiene destinatarios: se determinan cuando se envía.',
  recipientsEmpty: 'Ninguno de sus clientes podía recibir esta campaña cuando se envió.',
  colName: 'Cliente',
  colAddress: 'Enviado a',
  colStatus: 'Estado',
  colOpened: 'Abrió',
  colClicked: 'Hizo clic',
  recipientStatus: {
    waiting: 'En espera',
    sent: 'Enviado',
    delivered: 'Entregado',
    failed: 'Falló',
    skipped: 'Omitido',
  },
  yes: 'Sí',
  no: '—',
  noHealthData: 'Solo datos de entrega: aquí no se muestra nada de la información de salud de los clientes.',
  sent: 'Campaña enviada',
  sentTo: (count: number) => `Enviándose a ${count} ${clients(count)}.`,
  sendFailed: 'No se pudo enviar la campaña',

  status: {
    draft: 'Borrador',
    scheduled: 'Programada',
    sent: 'Enviada',
    active: 'Activa',
    paused: 'En pausa',
    finished: 'Terminada',
  },
  typeLabel: { email: 'Correo electrónico', sms: 'SMS' },
  recipients: 'Destinatarios',
  opened: 'Abiertos',
  clicked: 'Con clic',
  draftRecipients: 'Se enviará a sus clientes activos cuando la envíe',
  audienceLabel: 'Audiencia',
  audienceAll: 'Todos sus clientes activos',
  audienceFilter: (words: string) => `Clientes que coinciden con: ${words || 'todos los clientes'}`,
  audienceClients: (count: number) => `${count} ${count === 1 ? 'cliente elegido' : 'clientes elegidos'}`,
  audienceFor: (words: string) => `Para ${words.charAt(0).toLowerCase()}${words.slice(1)}`,
  audienceHint:
    'Solo la reciben los clientes activos que pueden recibirla: con una dirección para este canal y que no se hayan dado de baja.',
  createdOn: (date: string) => `Creada el ${date}`,
  sentOn: (date: string) => `Enviada el ${date}`,
};

const days = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

/** Spanish of the campaign builder and of a campaign's lifecycle (`LIFECYCLE_TEXTS`). */
export const LIFECYCLE_TEXTS: Translation<typeof EN_LIFECYCLE_TEXTS> = {
  templateLabel: 'Empezar con una plantilla',
  templateNone: 'Campaña en blanco',
  templateHint: 'Completa el nombre, el mensaje y su propósito. Puede cambiar cualquier parte.',
  templateLoadFailed: 'No se pudieron cargar las plantillas',
  templatesIn: { en: 'Mostrar las plantillas en inglés', es: 'Mostrar las plantillas en español' },

  purposeLabel: 'Propósito',
  purpose: { marketing: 'Marketing', informational: 'Informativo' },
  purposeHint:
    'El marketing solo les llega a los clientes que dieron permiso para recibir marketing; la información les llega a los clientes que dieron permiso para recordatorios o marketing en ese canal.',

  whenLabel: 'Cuándo',
  when: { now: 'Guardar como borrador', schedule: 'Programar', sequence: 'Secuencia' },
  whenHint: {
    now: 'Todavía no se envía nada. Presione Enviar en su tarjeta cuando esté listo: primero muestra a cuántos clientes llega.',
    schedule: 'Se envía sola el día y a la hora que elija.',
    sequence: 'Les llega a cada cliente cuando ocurre el evento que la activa, y luego los pasos de seguimiento, uno tras otro.',
  },
  date: 'Fecha',
  time: 'Hora',
  scheduleHint: 'Se envía a esta hora en la zona horaria de cada cliente, entre las 8:00 a. m. y las 9:00 p. m.',

  triggerLabel: 'Se activa',
  trigger: {
    joined: 'Cuando un cliente entra en la audiencia',
    turning_65: 'Días antes de cumplir 65 años',
    birthday: 'Días antes del cumpleaños',
    birthday_rule: 'Período de la regla del cumpleaños (clientes de Medigap en estados con esa regla)',
    plan_anniversary: 'Días antes del aniversario del plan',
    medicare_date: 'Fecha de Medicare',
  },
  medicareDateLabel: 'Fecha de Medicare',
  medicareDate: {
    anoc_review: 'Revisión del ANOC',
    marketing_start: 'Comienza el marketing',
    aep_start: 'Comienza el AEP',
    aep_last_week: 'Última semana del AEP',
    oep_start: 'Comienza el OEP',
  },
  medicareDateOption: (name: string, day: string) => `${name} (${day})`,
  daysBefore: 'Días antes',

  followUpsTitle: 'Pasos de seguimiento',
  followUpsHint: 'El paso 1 es el mensaje de arriba. Cada seguimiento espera unos días después del paso anterior.',
  followUpTitle: (step: number) => `Paso ${step}`,
  addFollowUp: 'Agregar un paso de seguimiento',
  removeFollowUp: 'Quitar',
  removeFollowUpFor: (step: number) => `Quitar el paso ${step}`,
  followUpsFull: 'Una secuencia tiene como máximo 4 pasos de seguimiento.',
  waitDays: 'Esperar (días)',
  skipIfEngaged: 'Omitir si el cliente hizo clic o respondió',

  required: 'Obligatorio',
  dateRequired: 'La fecha es obligatoria',
  timeRequired: 'La hora es obligatoria',
  timeWindow: 'Elija una hora entre las 8:00 a. m. y las 8:59 p. m.',
  datePast: 'Esa hora ya pasó',
  dateTooFar: 'Elija una fecha dentro del próximo año',
  daysRange: 'Escriba un número entero de días, de 1 a 365',
  daysBeforeRange: 'Escriba un número entero de días, de 0 (el mismo día) a 365',

  scheduled: 'Campaña programada',
  scheduledDescription: (when: string) => `Se enviará el ${when}, hora de cada cliente.`,
  scheduleFailed: 'No se pudo programar la campaña',
  savedNotScheduled: 'Se guardó como borrador, pero todavía no está programada. Cambie la fecha o la hora e inténtelo de nuevo.',
  sequenceCreated: 'Secuencia guardada como borrador',
  sequenceCreatedDescription: 'Presione Iniciar en su tarjeta cuando esté listo.',

  filterLabel: 'Mostrar campañas',
  filterAll: 'Todas',
  noneWithStatus: (status: string) => `No hay campañas con el estado ${status}.`,
  scheduledFor: (when: string) => `Programada para el ${when} (hora de cada cliente)`,
  triggerWords: {
    joined: 'Cuando un cliente entra en la audiencia',
    turning_65: (n: number) => `${days(n)} antes de cumplir 65 años`,
    birthday: (n: number) => (n === 0 ? 'El día de su cumpleaños' : `${days(n)} antes de su cumpleaños`),
    birthday_rule: (n: number) => `${days(n)} antes del período de la regla del cumpleaños (Medigap, estados con esa regla)`,
    plan_anniversary: (n: number) => `${days(n)} antes del aniversario del plan`,
    medicare_date: (day: string, name: string) => `Cada año el ${day} (${name})`,
  },
  stepCount: (n: number) => `${n} ${n === 1 ? 'paso' : 'pasos'}`,

  schedule: 'Programar…',
  scheduleFor: (name: string) => `Programar… ${name}`,
  scheduleTitle: 'Programar esta campaña',
  scheduleSubmit: 'Programar',
  unschedule: 'Cancelar programación',
  unscheduleFor: (name: string) => `Cancelar programación: ${name}`,
  start: 'Iniciar',
  startFor: (name: string) => `Iniciar ${name}`,
  pause: 'Pausar',
  pauseFor: (name: string) => `Pausar ${name}`,
  resume: 'Reanudar',
  resumeFor: (name: string) => `Reanudar ${name}`,
  finish: 'Terminar',
  finishFor: (name: string) => `Terminar ${name}`,
  finishTitle: '¿Terminar esta secuencia?',
  finishBody: (name: string) =>
    `“${name}” se detiene para siempre: no entran más clientes y no se envían los pasos pendientes. Sus cifras se conservan.`,
  keepRunning: 'Dejarla activa',
  done: {
    unschedule: 'Programación cancelada: vuelve a ser un borrador',
    start: 'Secuencia iniciada',
    pause: 'Secuencia en pausa',
    resume: 'Secuencia reanudada',
    finish: 'Secuencia terminada',
  },
  failed: {
    unschedule: 'No se pudo cancelar la programación',
    start: 'No se pudo iniciar la secuencia',
    pause: 'No se pudo pausar la secuencia',
    resume: 'No se pudo reanudar la secuencia',
    finish: 'No se pudo terminar la secuencia',
  },
  viewSteps: 'Pasos',
  viewStepsFor: (name: string) => `Pasos de ${name}`,

  enrolled: 'Inscritos',
  enrolledCount: (n: number) => `${n} ${n === 1 ? 'cliente ha entrado' : 'clientes han entrado'} en esta secuencia.`,
  stepsTitle: 'Pasos',
  colStep: 'Paso',
  colWait: 'Espera',
  colSent: 'Enviados',
  colOpened: 'Abiertos',
  colClicked: 'Con clic',
  colReplied: 'Respondieron',
  colSkipped: 'Omitidos',
  waitFirst: 'Al activarse',
  waitAfter: (n: number) => `${days(n)} después`,
  stepSkipsEngaged: 'Se omite para los clientes que hicieron clic o respondieron',
  sequenceNoRecipients: 'Una secuencia envía cada paso a los clientes a medida que llega su fecha: las cifras de arriba los cuentan.',
};
