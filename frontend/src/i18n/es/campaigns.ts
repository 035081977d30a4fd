import type { CAMPAIGN_TEXTS as EN_CAMPAIGN_TEXTS } from '../../broker-app/campaigns/texts.ts';
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
  smsHint: (length: number) => `${length} caracteres · los mensajes de texto de más de 160 caracteres se envían en varias partes`,
  draftHint: 'Se guarda como borrador. Puede revisarla antes de enviarla.',
  cancel: 'Cancelar',
  submit: 'Crear campaña',

  nameRequired: 'El nombre es obligatorio',
  subjectRequired: 'El asunto es obligatorio en una campaña por correo electrónico',
  messageRequired: 'El mensaje es obligatorio',

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
  sendTestFor: (name: string) => `Enviarse una prueba de ${name}`,
  sendTestFailed: 'No se pudo enviar la prueba',
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

  status: { draft: 'Borrador', sent: 'Enviada' },
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
