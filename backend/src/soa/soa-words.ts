import type { Language } from '../common/language.js';
import type { SignerRole } from './soa.entity.js';
import type { SoaMethod, SoaProduct } from './soa-rules.js';

/**
 * What a client reads of a Scope of Appointment: the message with its link, and the signed PDF, in
 * their language. The statements say what the CMS model form says, in the product's own words. The
 * signing page has the same words in the portal's catalogues (frontend/src/portal/soa).
 */
const en = {
  locale: 'en-US',
  sms: (agency: string, when: string, link: string, until: string) =>
    `${agency}: Please review and sign the Scope of Appointment for your appointment on ${when}. It takes a minute: ${link} (works until ${until}). Reply STOP to opt out.`,
  emailSubject: (agency: string) => `${agency}: please sign your Scope of Appointment`,
  emailText: (agency: string, when: string, until: string) =>
    `Before your appointment with ${agency} on ${when}, Medicare rules ask you to confirm what you would like to discuss. Open the link below, check the topics and sign; it takes a minute. The link works until ${until}, your local time.`,
  emailIgnore: 'Signing does not enroll you in any plan or oblige you to enroll.',
  title: 'Scope of Sales Appointment Confirmation',
  intro:
    'Medicare rules require the agent to document the scope of a marketing appointment before it takes place. These are the types of products the beneficiary agreed to discuss:',
  statements: [
    'By signing, I agree to a meeting with a licensed sales agent to discuss only the types of products checked above.',
    'The agent is employed or contracted by a Medicare plan or an agency; they do not work directly for the Federal government and may be paid based on my enrollment in a plan.',
    'Signing does NOT oblige me to enroll in a plan, does not affect my current or future enrollment, and does not enroll me in a plan.',
  ],
  products: {
    ma_mapd: 'Medicare Advantage plans (Part C) and cost plans, including plans with drug coverage',
    pdp: 'Stand-alone Medicare prescription drug plans (Part D)',
    medigap: 'Medicare Supplement (Medigap) plans',
    dental_vision_hearing: 'Dental, vision and hearing products',
    hospital_indemnity: 'Hospital indemnity products',
  } satisfies Record<SoaProduct, string>,
  methods: { phone: 'By phone', in_person: 'In person', video: 'By video call' } satisfies Record<SoaMethod, string>,
  roles: { beneficiary: 'The beneficiary', representative: 'Authorized representative' } satisfies Record<SignerRole, string>,
  labels: {
    beneficiary: 'Beneficiary',
    agency: 'Agency',
    agent: 'Agent',
    appointment: 'Appointment',
    method: 'How',
    signedBy: 'Signed by',
    relationship: 'Relationship to the beneficiary',
    signature: 'Signature',
    typedSignature: 'Typed name, confirmed with a tap',
    drawnSignature: 'Drawn on the screen',
    signedAt: 'Signed',
    validUntil: 'Valid until',
    trail: 'Audit trail',
    documentHash: 'SHA-256 of the signed content',
    rule: 'Rule applied',
    exception: 'Exception recorded',
  },
  trailEvents: {
    prepared: 'Prepared',
    sent: 'Sent',
    opened: 'Opened',
    resent: 'Sent again',
    signed: 'Signed',
    cancelled: 'Cancelled',
    missed: 'The appointment passed unsigned',
  },
  exceptions: {
    election_period_end: 'Last four days of an election period',
    walk_in: 'The beneficiary walked in unscheduled',
    inbound_call: 'The beneficiary called the agent',
  },
  dateTimeFormat: "LLL d, yyyy 'at' h:mm a ZZZZ",
  smsWhenFormat: "LLL d 'at' h:mm a",
  dayFormat: 'LLL d, yyyy',
};

export type SoaWords = typeof en;

const es: SoaWords = {
  locale: 'es-US',
  sms: (agency, when, link, until) =>
    `${agency}: Revise y firme el Alcance de la Cita para su cita del ${when}. Toma un minuto: ${link} (funciona hasta el ${until}). Responda ALTO para no recibir más mensajes.`,
  emailSubject: (agency) => `${agency}: firme el Alcance de su Cita`,
  emailText: (agency, when, until) =>
    `Antes de su cita con ${agency} del ${when}, las reglas de Medicare le piden confirmar de qué desea hablar. Abra el enlace de abajo, marque los temas y firme; toma un minuto. El enlace funciona hasta el ${until}, hora local.`,
  emailIgnore: 'Firmar no le inscribe en ningún plan ni le obliga a inscribirse.',
  title: 'Confirmación del Alcance de la Cita de Ventas',
  intro:
    'Las reglas de Medicare exigen que el agente documente el alcance de una cita de mercadeo antes de que se realice. Estos son los tipos de productos de los que el beneficiario aceptó hablar:',
  statements: [
    'Al firmar, acepto reunirme con un agente de ventas con licencia para hablar solo de los tipos de productos marcados arriba.',
    'El agente trabaja para un plan de Medicare o una agencia, o tiene contrato con ellos; no trabaja directamente para el Gobierno Federal y puede recibir un pago según mi inscripción en un plan.',
    'Firmar NO me obliga a inscribirme en un plan, no afecta mi inscripción actual ni futura y no me inscribe en un plan.',
  ],
  products: {
    ma_mapd: 'Planes Medicare Advantage (Parte C) y planes de costo, incluidos los planes con cobertura de medicamentos',
    pdp: 'Planes independientes de medicamentos recetados de Medicare (Parte D)',
    medigap: 'Planes Medicare Suplementarios (Medigap)',
    dental_vision_hearing: 'Productos dentales, de la vista y de audición',
    hospital_indemnity: 'Productos de indemnización hospitalaria',
  },
  methods: { phone: 'Por teléfono', in_person: 'En persona', video: 'Por videollamada' },
  roles: { beneficiary: 'El beneficiario', representative: 'Representante autorizado' },
  labels: {
    beneficiary: 'Beneficiario',
    agency: 'Agencia',
    agent: 'Agente',
    appointment: 'Cita',
    method: 'Cómo',
    signedBy: 'Firmado por',
    relationship: 'Relación con el beneficiario',
    signature: 'Firma',
    typedSignature: 'Nombre escrito, confirmado con un toque',
    drawnSignature: 'Dibujada en la pantalla',
    signedAt: 'Firmado',
    validUntil: 'Válido hasta',
    trail: 'Registro de auditoría',
    documentHash: 'SHA-256 del contenido firmado',
    rule: 'Regla aplicada',
    exception: 'Excepción registrada',
  },
  trailEvents: {
    prepared: 'Preparado',
    sent: 'Enviado',
    opened: 'Abierto',
    resent: 'Enviado de nuevo',
    signed: 'Firmado',
    cancelled: 'Cancelado',
    missed: 'La cita pasó sin firma',
  },
  exceptions: {
    election_period_end: 'Últimos cuatro días de un período de elección',
    walk_in: 'El beneficiario llegó sin cita',
    inbound_call: 'El beneficiario llamó al agente',
  },
  dateTimeFormat: "d 'de' LLLL 'de' yyyy 'a las' h:mm a ZZZZ",
  smsWhenFormat: "d 'de' LLLL 'a las' h:mm a",
  dayFormat: "d 'de' LLLL 'de' yyyy",
};

export function soaWordsFor(language: Language | string | null | undefined): SoaWords {
  return language === 'es' ? es : en;
}
