import type { RegistrationFailure } from './a2p-registration.entity.js';

/** A failure said plainly, in English and Spanish, beside Twilio's own words. */
export interface PlainReason {
  en: string;
  es: string;
}

/**
 * Twilio's error codes for campaign rejections, said plainly (Twilio's error pages,
 * https://www.twilio.com/docs/api/errors/NNNNN, read 2026-11-29).
 */
const BY_CODE: Record<number, PlainReason> = {
  30885: {
    en: 'The carriers’ reviewers judged the campaign high risk. It cannot be resubmitted as it is; contact support.',
    es: 'Los revisores de los operadores consideraron la campaña de alto riesgo. No puede volver a enviarse así; contacte a soporte.',
  },
  30889: {
    en: 'The campaign says its texts contain a phone number, but the sample messages show none. Add the agency’s phone number or resubmit.',
    es: 'La campaña dice que sus mensajes llevan un número de teléfono, pero los ejemplos no muestran ninguno. Agregue el teléfono de la agencia o vuelva a enviarla.',
  },
  30893: {
    en: 'The sample messages do not match what the campaign says it sends. Check the agency name and sponsor message, then resubmit.',
    es: 'Los mensajes de ejemplo no coinciden con lo que la campaña dice enviar. Revise el nombre de la agencia y el mensaje del patrocinador, y vuelva a enviarla.',
  },
  30899: {
    en: 'A mobile carrier rejected the campaign. Check the business details and resubmit, or contact support.',
    es: 'Un operador móvil rechazó la campaña. Revise los datos del negocio y vuelva a enviarla, o contacte a soporte.',
  },
  30900: {
    en: 'This kind of campaign is not allowed for this brand. Check the business type (a company needs its EIN), then resubmit.',
    es: 'Este tipo de campaña no está permitido para esta marca. Revise el tipo de negocio (una empresa necesita su EIN) y vuelva a enviarla.',
  },
  30902: {
    en: 'A reviewer between Twilio and the carriers rejected the campaign. Contact support with the registration’s details.',
    es: 'Un revisor entre Twilio y los operadores rechazó la campaña. Contacte a soporte con los datos del registro.',
  },
};

/** Brand and profile failures come as words (TCR's and Twilio's reviewers'); these patterns say them plainly. */
const BY_WORDS: [RegExp, PlainReason][] = [
  [
    /\b(tax ?id|ein|tin)\b/i,
    {
      en: 'The EIN does not match the legal business name the IRS has for it. Enter the name exactly as on the IRS letter (CP 575), then resubmit.',
      es: 'El EIN no coincide con el nombre legal que el IRS tiene registrado. Escriba el nombre exactamente como en la carta del IRS (CP 575) y vuelva a enviarlo.',
    },
  ],
  [
    /\b(website|url|web site)\b/i,
    {
      en: 'The website could not be checked or does not match the business. Enter a working website of the agency, then resubmit.',
      es: 'No se pudo comprobar el sitio web o no corresponde al negocio. Escriba un sitio web de la agencia que funcione y vuelva a enviarlo.',
    },
  ],
  [
    /\b(address)\b/i,
    {
      en: 'The business address could not be verified. Enter the address on the agency’s registration, then resubmit.',
      es: 'No se pudo verificar la dirección del negocio. Escriba la dirección con la que está registrada la agencia y vuelva a enviarlo.',
    },
  ],
  [
    /\b(opt[- ]?in|consent)\b/i,
    {
      en: 'The reviewers did not find how clients agree to get texts. Make sure clients’ permissions are recorded, then resubmit.',
      es: 'Los revisores no encontraron cómo aceptan los clientes recibir mensajes. Asegúrese de registrar los permisos de los clientes y vuelva a enviarlo.',
    },
  ],
  [
    /\b(otp|one[- ]time|verification code|mobile)\b/i,
    {
      en: 'The contact’s mobile phone was not confirmed. A sole proprietor must answer the code Twilio texts to the contact phone; resubmit to get a new one.',
      es: 'No se confirmó el celular del contacto. Un propietario único debe responder al código que Twilio envía al teléfono de contacto; vuelva a enviarlo para recibir uno nuevo.',
    },
  ],
  [
    /\b(email|e-mail)\b/i,
    {
      en: 'The contact e-mail was not accepted. Enter an e-mail address at the agency’s own domain if it has one, then resubmit.',
      es: 'No se aceptó el correo de contacto. Escriba un correo del dominio de la agencia si tiene uno y vuelva a enviarlo.',
    },
  ],
];

const UNKNOWN: PlainReason = {
  en: 'The registration was not approved. Twilio’s reason is below; correct the details it names and resubmit, or contact support.',
  es: 'El registro no fue aprobado. El motivo de Twilio aparece abajo; corrija los datos que indica y vuelva a enviarlo, o contacte a soporte.',
};

/** A failure in plain words (English and Spanish); Twilio's own words stay beside it. */
export function plainReason(failure: Pick<RegistrationFailure, 'code' | 'raw'>): PlainReason {
  if (failure.code !== null && BY_CODE[failure.code]) return BY_CODE[failure.code];
  return BY_WORDS.find(([pattern]) => pattern.test(failure.raw))?.[1] ?? UNKNOWN;
}
