import type { TEXTING_TEXTS as EN_TEXTING_TEXTS } from '../../broker-app/texting/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the text messaging registration (`broker-app/texting/texts.ts`). */
export const TEXTING_TEXTS: Translation<typeof EN_TEXTING_TEXTS> = {
  title: 'Registro para mensajes de texto',
  subtitle:
    'Los operadores de EE. UU. solo entregan mensajes de texto de empresas con una marca y una campaña registradas (A2P 10DLC). Registre su agencia una vez; hasta que se apruebe, los mensajes de texto esperan y las llamadas salen como siempre.',
  settingsLinkTitle: 'Registro para mensajes de texto',
  settingsLinkText:
    'Registre su agencia ante los operadores de EE. UU. para que se entreguen sus mensajes de texto de recordatorios y campañas (A2P 10DLC).',
  settingsLink: 'Abrir el registro',
  loadFailed: 'No se pudo cargar el registro.',
  retry: 'Intentar de nuevo',
  simulated:
    'Este servidor no tiene cuenta de Twilio: los mensajes de texto van a la bandeja de desarrollo, así que no hace falta registrarse. Enviar aquí solo lo simula.',

  statusTitle: 'Estado',
  statusNames: {
    pending: 'En revisión',
    approved: 'Aprobado',
    failed: 'No aprobado',
    simulated: 'Simulado (desarrollo)',
  },
  statusLines: {
    pending: 'Twilio y los operadores están revisando su registro. Tarda de unos días a unas semanas; lo consultamos cada 15 minutos.',
    approved: 'Su agencia está registrada: sus mensajes de texto salen de su propio número.',
    failed: 'El registro no fue aprobado. Lea el motivo abajo, corríjalo y vuelva a enviarlo.',
    simulated: 'No se envió nada a Twilio. Los mensajes de texto van a la bandeja de desarrollo.',
  },
  stepsLabel: 'Pasos del registro',
  stepNames: { profile: 'Perfil del negocio', brand: 'Marca', campaign: 'Campaña', number: 'Número de teléfono' },
  stepStatus: { not_started: 'Sin empezar', pending: 'En revisión', approved: 'Listo', failed: 'No aprobado' },
  failuresTitle: 'Por qué no se aprobó',
  twilioWords: (raw: string, code: number | null) => `Palabras de Twilio${code ? ` (error ${code})` : ''}: ${raw}`,
  numbersLabel: (numbers: string) => `Los mensajes de texto salen de ${numbers}.`,
  submittedOn: (day: string) => `Enviado el ${day}.`,
  checkNow: 'Consultar ahora',
  checked: 'Consultado con Twilio.',
  fixAndResubmit: 'Corregir y volver a enviar',

  businessTitle: 'Su agencia como negocio',
  businessType: 'Tipo de negocio',
  businessTypes: {
    llc: 'Sociedad de responsabilidad limitada (LLC)',
    corporation: 'Corporación',
    partnership: 'Sociedad',
    non_profit: 'Sin fines de lucro',
    sole_proprietor: 'Propietario único (sin EIN)',
  },
  soleProprietorHint:
    'Sin EIN, su agencia se registra como propietario único: un número, menos volumen diario, y Twilio envía un código al celular del contacto para confirmarlo.',
  legalName: 'Nombre legal del negocio',
  legalNameHint: 'Exactamente como en la carta del IRS que asignó el EIN (un propietario único: su propio nombre).',
  ein: 'EIN',
  einHint: 'Número de identificación del empleador, 9 dígitos: 12-3456789.',
  street: 'Dirección',
  city: 'Ciudad',
  state: 'Estado',
  stateHint: 'Dos letras, p. ej. FL.',
  postalCode: 'Código postal',
  website: 'Sitio web',
  websiteHint: 'El sitio web de la agencia; los revisores de los operadores lo consultan. Empieza con https://.',
  contactTitle: 'Persona de contacto',
  contactFirstName: 'Nombre',
  contactLastName: 'Apellido',
  contactEmail: 'Correo electrónico',
  contactPhone: 'Teléfono celular',
  contactPhoneHint: 'Como +1 y 10 dígitos, p. ej. +18135550100.',
  contactJobTitle: 'Cargo',

  required: 'Este dato es obligatorio.',
  einInvalid: 'El EIN tiene 9 dígitos, escritos 12-3456789.',
  stateInvalid: 'Dos letras de un estado de EE. UU., p. ej. FL.',
  postalCodeInvalid: 'El código postal tiene 5 dígitos (o 5+4).',
  websiteInvalid: 'Una dirección completa que empiece con https://.',
  emailInvalid: 'Escriba un correo electrónico válido.',
  phoneInvalid: 'Un número de EE. UU. como +1 y 10 dígitos, p. ej. +18135550100.',
  tooLong: (max: number) => `Como máximo ${max} caracteres.`,
  fixErrors: 'Algunos campos necesitan una corrección: vea los mensajes debajo de ellos.',

  campaignTitle: 'Lo que se registrará',
  useCase: (useCase: string) => `Caso de uso: ${useCase}`,
  useCaseWhy: {
    MIXED:
      'Mixto: sus mensajes son recordatorios que sus clientes pidieron (avisos de cuenta) y mensajes de retención sobre sus planes (marketing), así que una campaña cubre ambos.',
    SOLE_PROPRIETOR:
      'Propietario único: la única campaña que puede tener una marca de propietario único; cubre recordatorios y mensajes sobre planes.',
  },
  samplesTitle: 'Mensajes de ejemplo (de sus propios recordatorios y campañas)',
  optInTitle: 'Cómo aceptan los clientes (de sus registros de consentimiento)',
  optOutTitle: 'Respuestas para darse de baja y pedir ayuda',
  keywords: (words: string) => `Palabras clave: ${words}`,

  costsTitle: 'Costos',
  costsIntro: (asOf: string) => `Tarifas de Twilio al ${asOf}, trasladadas al costo y mostradas en su página de Facturación.`,
  costRows: {
    brandRegistrationCents: 'Registro de la marca (una vez)',
    secondaryVettingCents: 'Verificación de la marca (una vez)',
    campaignVettingCents: 'Verificación de la campaña (una vez, de nuevo en cada reenvío)',
    campaignMonthlyCents: 'Campaña (mensual)',
    localNumberMonthlyCents: 'Número de teléfono local (mensual)',
  },
  oneTimeTotal: 'Se paga ahora',
  monthlyTotal: 'Cada mes una vez aprobado',
  campaignOnly: 'Solo se vuelve a enviar la campaña: ahora se paga solo su verificación.',
  sources: 'Fuentes',
  costItem: 'Tarifa',
  costAmount: 'Monto',
  confirmCosts: (oneTime: string, monthly: string) => `Acepto pagar ${oneTime} ahora y ${monthly} al mes una vez aprobado.`,
  confirmRequired: 'Confirme los montos para enviar.',
  submit: 'Enviar el registro',
  submitted: 'Registro enviado.',
  submitFailed: 'No se pudo enviar el registro.',

  bannerLabel: 'Mensajes de texto',
  bannerHolding: (count: number) =>
    `Los mensajes de texto esperan el registro de su agencia ante los operadores (A2P 10DLC)${count ? `: ${count} en espera` : ''}. Las llamadas y los correos salen como siempre.`,
  bannerFailed:
    'El registro de su agencia ante los operadores (A2P 10DLC) no fue aprobado: los mensajes de texto esperan hasta que se corrija y se apruebe.',
  bannerAction: 'Registrar',
  bannerActionFailed: 'Corregir el registro',
  bannerAskOwner: 'Un propietario de la agencia puede registrarla en Configuración.',

  heldReason: 'En espera: los mensajes de texto esperan el registro de la agencia ante los operadores (A2P 10DLC)',
};
