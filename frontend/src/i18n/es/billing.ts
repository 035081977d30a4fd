import {
  BREAK_EVEN_CLIENTS,
  FLAT_CLIENT_LIMIT,
  FLAT_MONTHLY_CENTS,
  formatCents,
  formatPrice,
  OVERAGE_EXAMPLE_CLIENTS,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  SMS_COST_CENTS,
  VOICE_CALL_COST_CENTS,
} from '../../broker-app/billing/pricing.ts';
import type { BILLING_TEXTS as EN_BILLING_TEXTS } from '../../broker-app/billing/texts.ts';
import type { SubscriptionTier } from '../../broker-app/types.ts';
import { plural } from '../../broker-app/ui/format.ts';
import type { Translation } from '../translation.ts';

const flat = formatPrice(FLAT_MONTHLY_CENTS);
const overage = formatPrice(OVERAGE_PER_CLIENT_CENTS);
const pmpm = formatCents(PMPM_PER_CLIENT_CENTS);

const TIER_NAMES: Record<SubscriptionTier, string> = { flat: 'Tarifa fija', pmpm: 'PMPM' };
const tierName = (tier: SubscriptionTier) => TIER_NAMES[tier];

/** 'queda 1 día', 'quedan 5 días'. */
const daysLeft = (days: number) => `${days === 1 ? 'queda' : 'quedan'} ${plural(days, 'día')}`;
const activeClients = (n: number) => plural(n, 'cliente activo', 'clientes activos');

const TRIAL_ENDED = 'Su prueba gratuita terminó. Inicie su suscripción para seguir enviando recordatorios y campañas.';

/** Spanish of the Billing page (`broker-app/billing/texts.ts`). */
export const BILLING_TEXTS: Translation<typeof EN_BILLING_TEXTS> = {
  title: 'Facturación y suscripción',
  subtitle: 'Su plan, lo que cuesta y lo que sus recordatorios cuestan y generan cada mes',
  seatsFree: 'Los puestos son gratuitos: su plan cubre a todas las personas de su equipo, sean cuantas sean. Solo paga por sus clientes.',
  loadFailed: 'No se pudo cargar su suscripción.',
  retry: 'Reintentar',

  currentTitle: 'Suscripción actual',
  tierNames: TIER_NAMES,
  tierPrice: {
    flat: `${flat}/mes para hasta ${FLAT_CLIENT_LIMIT} clientes`,
    pmpm: `${pmpm} por cliente activo al mes, sin límite de clientes`,
  },
  planAfterTrialLabel: 'Su plan después de la prueba',
  overageOptional: `Excedente opcional: ${overage} por cada cliente por encima de ${FLAT_CLIENT_LIMIT}`,
  overageOn: `Facturación de excedentes activada: ${overage} por cada cliente por encima de ${FLAT_CLIENT_LIMIT}`,
  statusLabels: {
    trial: 'Prueba',
    active: 'Activo',
    past_due: 'Pago vencido',
    canceled: 'Cancelado',
  },
  daysLeft: (days: number) => (days === 1 ? `Queda ${plural(days, 'día')}` : `Quedan ${plural(days, 'día')}`),
  statusSentence: {
    trial: (days: number, endsOn: string | null) =>
      days > 0
        ? `Está en la prueba gratuita con acceso completo: ${daysLeft(days)}${endsOn ? ` (termina el ${endsOn})` : ''}. No se le cobrará nada hasta que inicie su suscripción.`
        : TRIAL_ENDED,
    active: 'Su suscripción está activa. Los cambios se aplican de inmediato con prorrateo automático.',
    past_due:
      'No se pudo procesar el pago. Suele ser algo temporal: actualice su método de pago y su plan seguirá como antes. Mientras tanto, los recordatorios y las campañas están en pausa.',
    canceled:
      'Su suscripción está cancelada. Un administrador de la plataforma puede restablecerla cambiando su estado a Activo una vez que se verifique su método de pago.',
  },
  clientsLabel: 'Clientes',
  clientsValue: (active: number, total: number) => `${active} ${active === 1 ? 'activo' : 'activos'} / ${total} en total`,
  limitValue: (active: number, limit: number) => `${active} de ${limit} clientes incluidos`,
  noLimit: 'Sin límite de clientes',
  thisMonthLabel: 'Monto de este mes',
  overageLine: (clients: number, amount: string) =>
    `incluye ${amount} de excedente por ${plural(clients, 'cliente')} por encima del límite`,
  notChargedOnTrial: 'No se cobra durante su prueba gratuita',
  localMode: 'Facturación local: los cambios de plan se aplican al instante y no se procesa ningún pago.',
  manageBilling: 'Administrar facturación',
  portalFailed: 'No se pudo abrir el portal de facturación',
  updatePaymentMethod: 'Actualizar método de pago',
  markPaid: 'Marcar como pagado (facturación local)',
  markPaidHint: 'Solo para desarrollo: la facturación local no procesa ningún pago.',
  markedPaid: 'Pago registrado',
  markedPaidDescription: 'Su suscripción vuelve a estar activa.',
  markPaidFailed: 'No se pudo marcar como pagado',

  trialTitle: 'Su prueba gratuita',
  trialDaysUnit: (days: number) => (days === 1 ? 'día restante' : 'días restantes'),
  trialBody: (tier: SubscriptionTier, endsOn: string | null) =>
    `Su plan después de la prueba: ${tierName(tier)}. No se cobra nada${endsOn ? ` antes del ${endsOn}` : ' durante la prueba'}; cuando termine la prueba, los recordatorios y las campañas se pausarán hasta que inicie su suscripción. Iníciela cuando lo desee.`,
  trialEnded: TRIAL_ENDED,
  startNow: 'Iniciar mi suscripción ahora',
  upgradeHint: 'Si lo desea, elija primero otro plan en Cambiar plan.',
  startTitle: '¿Iniciar su suscripción ahora?',
  startBody: (tier: SubscriptionTier, amount: string, active: number) =>
    `Su prueba gratuita termina ahora y comienza el plan ${tierName(tier)} por ${amount}/mes (calculado con ${activeClients(active)}).`,
  startStripe: 'Usted paga en la página de pago segura de Stripe; el plan comienza en cuanto se procesa el pago.',
  startLocal: 'Facturación local: no se procesa ningún pago.',
  startConfirm: (amount: string) => `Iniciar suscripción: ${amount}/mes`,
  cancel: 'Cancelar',
  started: 'Suscripción iniciada',
  startedDescription: (tier: SubscriptionTier) => `Su plan ${tierName(tier)} está activo.`,
  startFailed: 'No se pudo iniciar la suscripción',

  changeTitle: 'Cambiar plan',
  tierGroupLabel: 'Plan de suscripción',
  currentChip: 'Actual',
  estimate: (amount: string, active: number) => `Aproximadamente ${amount}/mes con ${activeClients(active)}`,
  breakEven: `Punto de equilibrio: ${BREAK_EVEN_CLIENTS} clientes. Con menos de ${BREAK_EVEN_CLIENTS} clientes activos, PMPM cuesta menos; a partir de ${BREAK_EVEN_CLIENTS}, cuesta menos la tarifa fija.`,
  proration: 'Los cambios se aplican de inmediato con prorrateo automático.',
  prorationTrial: 'Durante su prueba, esto elige su plan para después de la prueba: su prueba continúa y no se cobra nada.',
  updateButton: 'Actualizar suscripción',
  updated: 'Suscripción actualizada',
  updatedDescription: (tier: SubscriptionTier) => `Ahora tiene el plan ${tierName(tier)}.`,
  updatedDuringTrial: (tier: SubscriptionTier) => `Su plan después de la prueba: ${tierName(tier)}. Su prueba continúa.`,
  updateFailed: 'No se pudo actualizar la suscripción. Inténtelo de nuevo.',

  analyticsTitle: 'Costo y ganancia mensuales',
  analyticsSubtitle: 'Los últimos 3 meses, del más reciente al más antiguo',
  analyticsEmpty: 'Aún no hay historial de facturación. Su primer mes aparecerá aquí cuando se envíen los recordatorios.',
  analyticsFailed: 'No se pudieron cargar sus cifras mensuales.',
  textingTitle: 'Registro para mensajes de texto (A2P 10DLC)',
  textingLine: (month: string, amount: string) => `${month}: ${amount} en tarifas de Twilio por registro, campaña y número`,
  columns: {
    month: 'Mes',
    voiceCalls: 'Llamadas de voz',
    clients: 'Clientes',
    cost: 'Costo',
    revenue: 'Ingresos',
    profit: 'Ganancia',
    margin: 'Margen',
  },

  pricingTitle: 'Desglose de precios',
  pricingRows: [
    { label: 'Tarifa fija', value: `${flat}/mes`, note: `Hasta ${FLAT_CLIENT_LIMIT} clientes` },
    {
      label: 'Excedente de tarifa fija (opcional)',
      value: `${overage}/cliente`,
      note: `Por cada cliente por encima de ${FLAT_CLIENT_LIMIT}: ${OVERAGE_EXAMPLE_CLIENTS} clientes de más cuestan ${formatPrice(OVERAGE_EXAMPLE_CLIENTS * OVERAGE_PER_CLIENT_CENTS)}`,
    },
    { label: 'PMPM', value: `${pmpm}/cliente`, note: 'Por cliente activo al mes, sin límite' },
    { label: 'Punto de equilibrio', value: `${BREAK_EVEN_CLIENTS} clientes`, note: 'Donde ambos planes cuestan aproximadamente lo mismo' },
  ],
  telephony: `Costos de telefonía: aproximadamente ${formatPrice(VOICE_CALL_COST_CENTS)} por llamada de voz y ${formatPrice(SMS_COST_CENTS)} por SMS`,
};
