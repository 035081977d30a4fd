import type {
  CHANNEL_FILTERS as EN_CHANNEL_FILTERS,
  CHANNEL_LABELS as EN_CHANNEL_LABELS,
  OUTBOX_TEXTS as EN_OUTBOX_TEXTS,
  purposeLabel as enPurposeLabel,
} from '../../broker-app/outbox/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the development outbox page (`broker-app/outbox/texts.ts`). */
export const OUTBOX_TEXTS: Translation<typeof EN_OUTBOX_TEXTS> = {
  messageLabel: (channel, recipient) => `${channel} a ${recipient}`,
  title: 'Bandeja de salida',
  subtitle:
    'En desarrollo no se envía nada de verdad: aquí está cada guion de llamada, mensaje de texto y correo electrónico que el sistema habría enviado.',
  channelFilter: 'Canal',
  all: 'Todos',
  refresh: 'Actualizar',
  emptyTitle: 'Todavía no hay mensajes',
  emptyHint: 'Aquí aparecerán las invitaciones, las llamadas y los mensajes de texto de recordatorio, y los mensajes de campaña que envíe.',
  emptyFilteredHint: 'Todavía no hay nada en este canal. Elija Todos para ver todos los mensajes.',
  loadFailed: 'No se pudo cargar la bandeja de salida',
  retry: 'Intentar de nuevo',
  subject: 'Asunto',
  callScript: 'Guion de llamada',
  emailPreview: 'Vista previa del correo electrónico',
  phoneTitle: (recipient: string) => `Responder como ${recipient}`,
  phoneHint:
    'Sin un proveedor de telefonía, responda aquí como lo haría el cliente: pasa por los mismos pasos que una respuesta o una tecla real.',
  replyLabel: 'Respuesta',
  replyPlaceholder: 'p. ej., ¿Me puede llamar sobre mi plan?',
  sendReply: 'Enviar respuesta',
  press1: 'Pulsar 1 (confirmar)',
  press9: 'Pulsar 9 (dejar de llamar)',
  voicemail: 'Buzón de voz',
  noAnswer: 'Sin respuesta',
  heardTitle: 'Respuesta recibida',
  heardNothing: 'No se respondió nada.',
  answerFailed: 'No se pudo dar la respuesta',
};

export const CHANNEL_FILTERS: Translation<typeof EN_CHANNEL_FILTERS> = [
  { value: 'voice', label: 'Voz' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Correo electrónico' },
];

export const CHANNEL_LABELS: Translation<typeof EN_CHANNEL_LABELS> = {
  voice: 'Llamada de voz',
  sms: 'SMS',
  email: 'Correo electrónico',
};

const PURPOSE_LABELS: Record<string, string> = {
  'client-invitation': 'Invitación de cliente',
  reminder: 'Recordatorio',
  campaign: 'Campaña',
};

/** The server's purpose codes in words; an unknown code reads as its words. */
export const purposeLabel: Translation<typeof enPurposeLabel> = (purpose: string) => {
  const known = PURPOSE_LABELS[purpose];
  if (known) return known;
  const words = purpose.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
