import type { Language } from '../common/language.js';

/**
 * What the broker confirms when they record a client's permission, shown beside the checkbox and
 * kept word for word in the ledger as the event's evidence. The broker app shows these same texts,
 * in the broker's language (`attestationsIn`), and the ledger keeps the words of that language.
 */
export const ATTESTATIONS = {
  reminders: 'The client gave my agency this phone number and e-mail address to receive reminder calls, texts and e-mails.',
  marketing:
    'The client gave my agency written permission to contact them about Medicare plans by call, text and e-mail, and I can produce it.',
  importReminders:
    'The clients in this file gave my agency their phone numbers and e-mail addresses to receive reminder calls, texts and e-mails.',
  importMarketing:
    'The clients in this file marked for marketing gave my agency written permission to contact them about Medicare plans by call, text and e-mail, and I can produce it.',
  bulkReminders:
    'Each of the clients selected gave my agency their phone number and e-mail address to receive reminder calls, texts and e-mails.',
  bulkMarketing:
    'Each of the clients selected gave my agency written permission to contact them about Medicare plans by call, text and e-mail, and I can produce it for each of them.',
} as const;

/** The same attestations in Spanish, for a broker who works in Spanish. */
export const ATTESTATIONS_ES: Record<keyof typeof ATTESTATIONS, string> = {
  reminders:
    'El cliente le dio a mi agencia este número de teléfono y este correo electrónico para recibir llamadas, mensajes de texto y correos electrónicos de recordatorio.',
  marketing:
    'El cliente le dio a mi agencia permiso por escrito para contactarlo sobre planes de Medicare por llamada, mensaje de texto y correo electrónico, y puedo presentarlo.',
  importReminders:
    'Los clientes de este archivo le dieron a mi agencia sus números de teléfono y correos electrónicos para recibir llamadas, mensajes de texto y correos electrónicos de recordatorio.',
  importMarketing:
    'Los clientes de este archivo marcados para marketing le dieron a mi agencia permiso por escrito para contactarlos sobre planes de Medicare por llamada, mensaje de texto y correo electrónico, y puedo presentarlo.',
  bulkReminders:
    'Cada uno de los clientes seleccionados le dio a mi agencia su número de teléfono y su correo electrónico para recibir llamadas, mensajes de texto y correos electrónicos de recordatorio.',
  bulkMarketing:
    'Cada uno de los clientes seleccionados le dio a mi agencia permiso por escrito para contactarlo sobre planes de Medicare por llamada, mensaje de texto y correo electrónico, y puedo presentarlo para cada uno.',
};

/** The attestations as the broker reads them: in their language (English unless it is Spanish). */
export function attestationsIn(language: Language | null | undefined): Record<keyof typeof ATTESTATIONS, string> {
  return language === 'es' ? ATTESTATIONS_ES : ATTESTATIONS;
}
