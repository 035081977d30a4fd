import type { REMINDER_TEXTS as EN_REMINDER_TEXTS } from '../../broker-app/reminders/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the Reminders page (`broker-app/reminders/texts.ts`). */
export const REMINDER_TEXTS: Translation<typeof EN_REMINDER_TEXTS> = {
  loadingReminders: 'Cargando recordatorios',
  notSent: (reason: string) => `No enviado: ${reason}`,
  title: 'Recordatorios para clientes',
  subtitle: 'Llamadas y mensajes de texto de una sola vez para sus clientes.',
  executePending: 'Ejecutar pendientes',
  scheduleReminder: 'Programar recordatorio',
  listLabel: 'Recordatorios',
  loadFailed: 'No se pudieron cargar los recordatorios',
  showMore: 'Mostrar más',

  emptyTitle: 'Todavía no hay recordatorios programados',
  emptyBody:
    'Programe una llamada o un mensaje de texto para uno de sus clientes: un seguimiento, una cita con usted, una fecha límite ' +
    'del período de inscripción. Los recordatorios se envían automáticamente en el minuto siguiente a la hora programada; ' +
    'Ejecutar pendientes envía de inmediato los que ya corresponden.',
  privacyNote:
    'Sus recordatorios solo llevan mensajes genéricos. Los recordatorios de medicamentos los guardan sus clientes en su portal ' +
    'privado, que usted no puede ver.',

  dialogTitle: 'Programar recordatorio',
  client: 'Cliente',
  clientHint: 'Escriba un nombre, un teléfono o un correo electrónico para buscar al cliente.',
  editTitle: 'Editar recordatorio',
  save: 'Guardar cambios',
  saved: 'Recordatorio actualizado',
  saveFailed: 'No se pudo actualizar el recordatorio',
  edit: 'Editar',
  cancelReminder: 'Cancelar recordatorio',
  editFor: (name: string) => `Editar el recordatorio para ${name}`,
  cancelFor: (name: string) => `Cancelar el recordatorio para ${name}`,
  cancelTitle: '¿Cancelar este recordatorio?',
  cancelBody: (name: string, when: string) => `El recordatorio para ${name} del ${when} no se enviará.`,
  keepIt: 'Conservarlo',
  cancelled: 'Recordatorio cancelado',
  cancelFailed: 'No se pudo cancelar el recordatorio',
  searchLabel: 'Buscar recordatorios',
  searchPlaceholder: 'Buscar por nombre del cliente o mensaje…',
  filterStatus: 'Estado',
  filterMethod: 'Envío',
  filterClient: 'Cliente',
  filterFrom: 'Desde',
  filterTo: 'Hasta',
  filterAll: 'Todos',
  clearFilters: 'Borrar filtros',
  emptyNoMatch: 'Ningún recordatorio coincide con estos filtros.',
  paginationLabel: 'Páginas de recordatorios',
  noClients: 'Todavía no tiene clientes. Primero agregue un cliente en la página Clientes.',
  goToClients: 'Ir a Clientes',
  date: 'Fecha',
  time: 'Hora',
  whenHint:
    'Su hora local. Los recordatorios que caen entre las 9 p. m. y las 8 a. m. en la zona horaria del cliente esperan hasta las 8 a. m.',
  deliveryMethod: 'Método de envío',
  voice: 'Llamada de voz',
  sms: 'SMS',
  message: 'Mensaje',
  messagePlaceholder: '¡Hola! Le recordamos nuestra llamada de mañana. Llámenos si tiene alguna pregunta.',
  messageHint: 'Mantenga el mensaje genérico, sin información de salud: ni nombres de medicamentos ni enfermedades.',
  cancel: 'Cancelar',
  submit: 'Programar recordatorio',

  selectClient: 'Seleccione un cliente',
  invalidDate: 'La fecha o la hora no es válida',
  pastDate: 'La hora programada debe ser en el futuro',
  messageRequired: 'El mensaje es obligatorio',

  scheduled: 'Recordatorio programado correctamente',
  scheduleFailed: 'No se pudo programar el recordatorio',
  executeFailed: 'No se pudieron ejecutar los recordatorios',
  executed: (count: number) => `${count} ${count === 1 ? 'recordatorio ejecutado' : 'recordatorios ejecutados'}`,
  nothingDue: 'Todavía no le tocaba a ningún recordatorio pendiente. Cada uno se envía automáticamente en el minuto siguiente a su hora.',

  unknownClient: 'Cliente desconocido',
  status: { pending: 'Pendiente', completed: 'Completado', failed: 'Falló' },
  method: { voice: 'Llamada de voz', sms: 'SMS' },
};
