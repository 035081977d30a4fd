import type {
  ADMIN_DASHBOARD_TEXTS as EN_ADMIN_DASHBOARD_TEXTS,
  TIER_LABELS as EN_TIER_LABELS,
  TRENDS_TEXTS as EN_TRENDS_TEXTS,
} from '../../broker-app/backoffice/dashboard/texts.ts';
import { PRICES } from '../../broker-app/billing/pricing.ts';
import { plural } from '../../broker-app/ui/format.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the admin dashboard's tiers (`broker-app/backoffice/dashboard/texts.ts`). */
export const TIER_LABELS: Translation<typeof EN_TIER_LABELS> = { pmpm: 'PMPM', flat: 'Tarifa fija', trial: 'Prueba' };

/** Spanish of the admin dashboard (`broker-app/backoffice/dashboard/texts.ts`). */
export const ADMIN_DASHBOARD_TEXTS: Translation<typeof EN_ADMIN_DASHBOARD_TEXTS> = {
  title: 'Panel de administración',
  subtitle: 'Ingresos de la plataforma, agentes y próximos vencimientos de pruebas de un vistazo',
  refresh: 'Actualizar',

  loadFailed: 'No se pudieron cargar los análisis de administración',
  retry: 'Reintentar',
  loading: 'Cargando los análisis de administración',

  mrr: 'MRR',
  mrrCaption: 'Ingresos recurrentes mensuales',
  arr: 'ARR',
  arrCaption: 'MRR × 12',
  netProfit: 'Ganancia neta',
  netProfitCaption: 'En lo que va del mes, después de los costos de telefonía y de operación',
  totalRevenue: 'Ingresos totales',
  totalRevenueCaption: 'Este mes, de los agentes que pagan',
  activeBrokers: 'Agentes activos',
  activeBrokersCaption: 'Con una suscripción activa',
  totalBrokers: 'Total de agentes',
  totalBrokersCaption: 'Todas las cuentas de agentes',
  trialBrokers: 'Agentes en prueba',
  trialBrokersCaption: 'En la prueba gratuita de 30 días',

  tierDistribution: 'Distribución por plan',
  tierDistributionCaption: 'Agentes por plan; los agentes en prueba se cuentan como Prueba',
  tierColumn: 'Plan',
  brokersColumn: 'Agentes',
  shareColumn: 'Porcentaje',
  noBrokers: 'Aún no hay agentes',
  chartLabel: (parts: string[]) => `Distribución por plan: ${parts.join(', ')}`,
  brokerCount: (n: number) => plural(n, 'agente'),

  revenueBreakdown: 'Desglose de ingresos',
  revenueBreakdownCaption: 'Este mes, en dólares estadounidenses',
  tierRevenue: (tier: string) => `Ingresos (${tier})`,
  revenueTotal: 'Ingresos totales',
  totalCosts: 'Costos totales',
  totalCostsHint: `Telefonía (${PRICES.voiceCall} por llamada, ${PRICES.sms} por mensaje de texto) más costos operativos`,
  netProfitMtd: 'Ganancia neta (en lo que va del mes)',
  trialRevenueHint: 'Las pruebas no generan ingresos hasta que el agente se suscribe',

  expirationsTitle: 'Próximos vencimientos de pruebas',
  expirationsCaption: 'Pruebas que terminan en los próximos 30 días, de la más próxima a la más lejana',
  expirationsCount: (shown: number, total: number) => `Se muestran ${shown} de ${total}`,
  viewAllBrokers: 'Ver todos los agentes',
  noExpirations: 'Ninguna prueba vence en los próximos 30 días',
  noExpirationsHint: 'Aquí aparecerán los agentes cuya prueba gratuita termine en los próximos 30 días.',
  unknownEmail: 'Sin correo electrónico registrado',
  endsOn: (date: string) => `Termina el ${date}`,
  daysRemaining: (days: number) => (days <= 0 ? 'Termina hoy' : `${days === 1 ? 'Queda' : 'Quedan'} ${plural(days, 'día')}`),
  extend: 'Extender',
  upgrade: 'Pasar a pago',
  extendFor: (email: string) => `Extender la prueba de ${email}`,
  upgradeFor: (email: string) => `Pasar a pago la cuenta de ${email}`,

  cancel: 'Cancelar',

  upgradeTitle: '¿Pasar a una suscripción de pago?',
  upgradeIntro: (email: string) => `Esto termina la prueba gratuita de ${email} y activa su suscripción con el plan que tiene ahora.`,
  upgradeEffect: 'El cambio se aplica de inmediato con prorrateo automático y queda anotado en el registro de auditoría.',
  confirmUpgrade: 'Pasar a pago',
};

/** Spanish of the admin dashboard's trends (`broker-app/backoffice/dashboard/texts.ts`). */
export const TRENDS_TEXTS: Translation<typeof EN_TRENDS_TEXTS> = {
  title: 'Tendencias (últimos 12 meses)',
  caption: 'Cada mes cerrado tal como terminó; este mes, hasta hoy. Un hueco es un mes sin datos.',
  loading: 'Cargando las tendencias',
  loadFailed: 'No se pudieron cargar las tendencias',
  retry: 'Reintentar',

  mrrTitle: 'MRR',
  mrrHeading: 'MRR por mes',
  mrrChart: 'MRR por mes, últimos 12 meses',
  activeTitle: 'Agentes activos',
  activeHeading: 'Agentes activos por mes',
  activeChart: 'Agentes activos por mes, últimos 12 meses',
  movementTitle: 'Pruebas convertidas y agentes perdidos',
  movementChart: 'Pruebas convertidas y agentes perdidos por mes, últimos 12 meses',
  conversions: 'Pruebas convertidas',
  churned: 'Agentes perdidos',
  noData: 'Sin datos',

  change: (what: string, from: string, fromMonth: string, to: string, toMonth: string) =>
    `${what}: de ${from} en ${fromMonth} a ${to} en ${toMonth}.`,
  oneMonth: (what: string, value: string, month: string) => `${what}: ${value} en ${month}.`,
  nothingYet: (what: string) => `${what}: aún no hay datos.`,
  movement: (conversions: number, churned: number, fromMonth: string, toMonth: string) =>
    `${plural(conversions, 'prueba convertida', 'pruebas convertidas')} y ${plural(churned, 'agente perdido', 'agentes perdidos')} de ${fromMonth} a ${toMonth}.`,
  gaps: (months: number, of: number) => `Sin datos en ${months} de los ${of} meses.`,
};
