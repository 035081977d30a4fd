import type {
  ACTION_LABELS as EN_ACTION_LABELS,
  BROKER_TRENDS_TEXTS as EN_BROKER_TRENDS_TEXTS,
  BROKERS_TEXTS as EN_BROKERS_TEXTS,
  CHANGE_FIELD_LABELS as EN_CHANGE_FIELD_LABELS,
  DETAIL_TEXTS as EN_DETAIL_TEXTS,
  DIALOG_TEXTS as EN_DIALOG_TEXTS,
  STATUS_LABELS as EN_STATUS_LABELS,
  TIER_LABELS as EN_TIER_LABELS,
} from '../../broker-app/backoffice/brokers/texts.ts';
import { SUSPENSION_REASON_MAX, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../broker-app/backoffice/brokers/texts.ts';
import { FLAT_CLIENT_LIMIT, PRICES } from '../../broker-app/billing/pricing.ts';
import type { SubscriptionStatus, SubscriptionTier } from '../../broker-app/types.ts';
import { plural } from '../../broker-app/ui/format.ts';
import type { Translation } from '../translation.ts';

/** 'Queda 1 día', 'Quedan 5 días'. */
const daysLeft = (days: number) => `${days === 1 ? 'Queda' : 'Quedan'} ${plural(days, 'día')}`;
const activeClients = (n: number) => plural(n, 'cliente activo', 'clientes activos');

/** Spanish of the subscription tiers in the back office (`broker-app/backoffice/brokers/texts.ts`). */
export const TIER_LABELS: Translation<typeof EN_TIER_LABELS> = { pmpm: 'PMPM', flat: 'Tarifa fija' };

/** Spanish of the subscription statuses in the back office. */
export const STATUS_LABELS: Translation<typeof EN_STATUS_LABELS> = {
  trial: 'Prueba',
  active: 'Activo',
  past_due: 'Pago vencido',
  canceled: 'Cancelado',
};

/** Spanish of broker management (/admin/brokers). */
export const BROKERS_TEXTS: Translation<typeof EN_BROKERS_TEXTS> = {
  title: 'Gestión de agentes',
  subtitle: 'Encuentre a cualquier agente de la plataforma, revise su plan y su actividad, y administre su suscripción',

  searchLabel: 'Buscar agentes',
  searchPlaceholder: 'Buscar por correo electrónico o nombre',
  tierLabel: 'Plan',
  statusLabel: 'Estado',
  all: 'Todos',

  columns: {
    email: 'Correo electrónico',
    tier: 'Plan',
    status: 'Estado',
    clients: 'Clientes',
    monthlyRevenue: 'Ingresos mensuales',
    lastActivity: 'Última actividad',
    actions: 'Acciones',
  },
  tableLabel: 'Agentes',
  noActivity: '—',

  exportCsv: 'Exportar CSV',
  exportHint: 'Descargue en un archivo CSV todos los agentes con estos filtros, en este orden',

  rowActions: (who: string) => `Acciones para ${who}`,
  viewDetails: 'Ver detalles',
  extendTrial: 'Extender prueba',
  changeSubscription: 'Cambiar suscripción',

  emptyTitle: 'No se encontraron agentes',
  emptyFiltered:
    'Ningún agente coincide con esta búsqueda y estos filtros. Pruebe con otro nombre o correo electrónico, o vuelva a poner los filtros en Todos.',
  emptyNone: 'Todavía no se ha registrado ningún agente. Los agentes aparecen aquí después de iniciar sesión por primera vez.',
  clearFilters: 'Borrar filtros',

  fetchFailed: 'No se pudieron obtener los agentes',
  retry: 'Reintentar',
};

/** Spanish of the admin broker detail (/admin/brokers/{id}). */
export const DETAIL_TEXTS: Translation<typeof EN_DETAIL_TEXTS> = {
  yes: 'Sí',
  no: 'No',
  justNow: 'hace un momento',
  complianceTitle: 'Cumplimiento normativo',
  compliancePeriod: (from: string, to: string) =>
    `Consentimientos, revocaciones, envíos omitidos y horarios de llamada, del ${from} al ${to}. Sin datos de salud.`,
  complianceCsv: 'Descargar CSV',
  compliancePdf: 'Descargar PDF',
  complianceFailed: 'No se pudo cargar el informe de cumplimiento',
  back: 'Volver a agentes',
  unnamed: 'Agente sin nombre',
  accountId: 'ID de cuenta',
  created: (date: string) => `Cuenta creada el ${date}`,
  loading: 'Cargando agente',

  totalClients: 'Total de clientes',
  clientsCaption: (active: number, total: number) => `${active} ${active === 1 ? 'activo' : 'activos'} / ${total} en total`,
  monthlyRevenue: 'Ingresos mensuales',
  overageNote: (amount: string, clients: number) =>
    `Incluye ${amount} de excedente por ${activeClients(clients)} por encima de ${FLAT_CLIENT_LIMIT}`,
  overageEnabledNote: `Excedente activado: ${PRICES.overagePerClient} por cada cliente por encima de ${FLAT_CLIENT_LIMIT}`,
  flatNote: `Plan de tarifa fija: ${PRICES.flatMonthly}/mes para hasta ${FLAT_CLIENT_LIMIT} clientes`,
  pmpmNote: (clients: number) => `${PRICES.pmpmPerClient} por cliente activo × ${activeClients(clients)}`,
  trialRevenueNote: 'Prueba: sin ingresos hasta que pase a una suscripción de pago',
  canceledRevenueNote: 'Cancelado: sin ingresos',
  retentionRate: 'Tasa de retención',
  noRetention: '—',
  callCompletion: (rate: number) => `Llamadas completadas: ${rate}%`,
  notEnoughHistory: 'Aún no hay suficiente historial',
  trialStatus: 'Estado de la prueba',
  trialEnds: (date: string) => `Termina el ${date}`,
  trialNoEnd: 'Sin fecha de finalización',
  trialDaysLeft: (days: number) => daysLeft(days),
  trialEnded: 'La prueba ha terminado',
  statusCaptions: {
    active: 'Suscripción pagada con acceso completo',
    past_due: 'Pago vencido: las funciones están en pausa hasta que se pague',
    canceled: 'Suscripción cancelada: las funciones están desactivadas hasta que se restablezca',
  },

  subscriptionTitle: 'Gestión de la suscripción',
  subscriptionBody: 'Los cambios se aplican al instante y quedan registrados en el historial de actividad.',
  currentTier: 'Plan',
  currentStatus: 'Estado',
  trialEndsLabel: 'Fin de la prueba',
  changeSubscription: 'Cambiar suscripción',
  extendTrial: 'Extender prueba',
  setTrialEnd: 'Fijar fin de la prueba',

  suspendedBadge: 'Suspendido',
  suspendedSince: (when: string) => `Suspendido desde el ${when}`,
  suspendedReason: (reason: string) => `Motivo: ${reason}`,
  suspendedEffect:
    'No puede iniciar sesión ni usar la API, y sus recordatorios y campañas no se envían. Los recordatorios propios de sus clientes se siguen enviando.',
  suspendBroker: 'Suspender agente',
  reactivateBroker: 'Reactivar',
  accountSuspended: 'Suspendida',
  accountActive: 'Activa',
  suspendedFor: (reason: string) => `Estuvo suspendido por: ${reason}`,
  trialEndedNowNote: 'La prueba se terminó en ese momento',
  trialEndSetNote: 'Se fijó una nueva fecha de finalización',

  timelineTitle: 'Historial de actividad',
  timelineSubtitle: 'Las últimas 20 acciones de administradores en esta cuenta, de la más reciente a la más antigua',
  noActivity: 'No hay actividad reciente',
  byAdmin: (email: string) => `por ${email}`,
  byUnknownAdmin: 'por un administrador',

  clientsTitle: 'Clientes',
  clientsCount: (total: number) => plural(total, 'cliente'),
  clientColumns: { name: 'Nombre', email: 'Correo electrónico', phone: 'Teléfono', status: 'Estado', joined: 'Fecha de alta' },
  active: 'Activo',
  inactive: 'Inactivo',
  noEmail: '—',
  noClients: 'Aún no hay clientes',

  notFoundTitle: 'Agente no encontrado',
  notFoundBody: 'No hay ningún agente con este ID de cuenta. Es posible que el enlace sea incorrecto o que la cuenta se haya eliminado.',
  loadFailed: 'No se pudo cargar este agente.',
  retry: 'Reintentar',
};

/** Spanish of how the timeline names the fields an admin change touched. */
export const CHANGE_FIELD_LABELS: Translation<typeof EN_CHANGE_FIELD_LABELS> = {
  trialEndsAt: 'Fin de la prueba',
  subscriptionTier: 'Plan de suscripción',
  subscriptionStatus: 'Estado de la suscripción',
  isActive: 'Activo',
  suspended: 'Cuenta',
  isAdmin: 'Acceso de administrador',
  isPublic: 'Público',
  title: 'Título',
  category: 'Categoría',
};

/** Spanish of the Extend Trial Period and Update Subscription dialogs. */
export const DIALOG_TEXTS: Translation<typeof EN_DIALOG_TEXTS> = {
  cancel: 'Cancelar',

  extendTitle: 'Extender el período de prueba',
  extendIntro: (name: string) =>
    `Dé a ${name} más tiempo de prueba gratuita. Los días se cuentan desde hoy o desde la fecha de finalización actual, la que sea posterior.`,
  currentEnd: (date: string) => `Fin actual: ${date}`,
  newEnd: (date: string) => `Nueva fecha de finalización: ${date}`,
  presetsLabel: 'Opciones rápidas',
  preset: (days: number) => plural(days, 'día'),
  daysLabel: 'Días para agregar',
  daysHelp: `De ${TRIAL_DAYS_MIN} a ${TRIAL_DAYS_MAX} días`,
  daysRange: `Ingrese un número entero de días de ${TRIAL_DAYS_MIN} a ${TRIAL_DAYS_MAX}`,
  daysWhole: 'Ingrese un número entero de días, sin decimales',
  daysPositive: 'Ingrese un número de días mayor que 0',
  extendConfirm: 'Extender prueba',
  extending: 'Extendiendo…',
  trialExtended: 'Prueba extendida',
  trialExtendedDescription: (name: string, date: string | null) =>
    date ? `La prueba de ${name} ahora termina el ${date}.` : `Se extendió la prueba de ${name}.`,
  extendFailed: 'No se pudo extender la prueba',

  updateTitle: 'Actualizar suscripción',
  updateIntro: (name: string) =>
    `Cambie el plan, el estado o ambos de ${name}. Solo se cambia lo que usted elija; lo demás queda como está.`,
  tierField: 'Plan de suscripción',
  statusField: 'Estado de la suscripción',
  keepCurrent: (label: string) => `Mantener el actual (${label})`,
  chooseOne: 'Elija un nuevo plan, un nuevo estado o ambos.',
  updateConfirm: 'Actualizar suscripción',
  updating: 'Actualizando…',
  subscriptionUpdated: 'Suscripción actualizada',
  subscriptionUpdatedDescription: (name: string, tier: SubscriptionTier, status: SubscriptionStatus) =>
    `${name} ahora tiene el plan ${TIER_LABELS[tier]}, con estado ${STATUS_LABELS[status]}.`,
  updateFailed: 'No se pudo actualizar la suscripción',

  suspendTitle: 'Suspender agente',
  suspendIntro: (name: string) => `${name} pierde el acceso al instante.`,
  suspendEffect:
    'No podrá iniciar sesión ni usar la API, y sus recordatorios y campañas se detienen; los recordatorios propios de sus clientes se siguen enviando.',
  suspendLater: 'Lo que venza mientras la cuenta está suspendida no se envía más tarde, ni siquiera después de reactivarla.',
  reasonLabel: 'Motivo',
  reasonHelp: 'Queda en el historial de actividad. Una sola línea.',
  reasonRequired: 'Ingrese el motivo de la suspensión',
  reasonTooLong: `El motivo no puede superar los ${SUSPENSION_REASON_MAX} caracteres`,
  reasonCount: (length: number) => `${length}/${SUSPENSION_REASON_MAX}`,
  suspendConfirm: 'Suspender',
  brokerSuspended: 'Agente suspendido',
  brokerSuspendedDescription: (name: string) => `${name} ya no puede iniciar sesión, y sus recordatorios y campañas no se envían.`,
  suspendFailed: 'No se pudo suspender al agente',

  reactivateTitle: 'Reactivar agente',
  reactivateIntro: (name: string) =>
    `${name} podrá volver a iniciar sesión y usar la API, y sus recordatorios y campañas se vuelven a enviar desde ahora. Lo que venció durante la suspensión no se envía.`,
  reactivateConfirm: 'Reactivar',
  brokerReactivated: 'Agente reactivado',
  brokerReactivatedDescription: (name: string) => `${name} puede volver a iniciar sesión.`,
  reactivateFailed: 'No se pudo reactivar al agente',

  trialEndTitle: 'Fijar el fin de la prueba',
  trialEndIntro: (name: string) =>
    `Elija el último día de la prueba de ${name}: termina al final de ese día. Hoy o un día anterior la termina ahora.`,
  trialEndLabel: 'Último día de la prueba',
  trialEndHelp: (from: string, to: string) => `Del ${from} al ${to}`,
  trialEndRange: (from: string, to: string) => `Elija una fecha del ${from} al ${to}`,
  noCurrentEnd: 'Fin actual: ninguno',
  newEndNow: 'Nueva fecha de finalización: ahora',
  endsNowWarning: (name: string) => `Esto termina la prueba ahora: se le pedirá a ${name} que elija un plan.`,
  trialEndConfirm: 'Fijar fecha',
  trialEndSet: 'Fin de la prueba fijado',
  trialEndSetDescription: (name: string, date: string) => `La prueba de ${name} ahora termina el ${date}.`,
  trialEndedDescription: (name: string) => `La prueba de ${name} ha terminado: se le pedirá que elija un plan.`,
  trialEndFailed: 'No se pudo fijar el fin de la prueba',
};

/** Spanish of the admin actions. */
export const ACTION_LABELS: Translation<typeof EN_ACTION_LABELS> = {
  trial_extended: 'Prueba extendida',
  subscription_updated: 'Suscripción actualizada',
  resource_uploaded: 'Recurso subido',
  resource_deleted: 'Recurso eliminado',
  broker_suspended: 'Agente suspendido',
  broker_reactivated: 'Agente reactivado',
  trial_end_set: 'Fin de la prueba fijado',
  api_token_revoked: 'Token de API revocado',
  resource_updated: 'Recurso editado',
  resource_activated: 'Recurso activado',
  resource_deactivated: 'Recurso desactivado',
  resource_made_public: 'Recurso hecho público',
  resource_made_private: 'Recurso hecho privado',
  admin_granted: 'Acceso de administrador dado',
  admin_revoked: 'Acceso de administrador quitado',
};

/** Spanish of the broker detail's trends card (`broker-app/backoffice/brokers/texts.ts`). */
export const BROKER_TRENDS_TEXTS: Translation<typeof EN_BROKER_TRENDS_TEXTS> = {
  title: 'Clientes e ingresos a lo largo del tiempo',
  caption: 'Últimos 12 meses: cada mes cerrado tal como terminó; este mes, hasta hoy',
  loadFailed: 'No se pudo cargar el historial del agente',
  retry: 'Reintentar',
  clientsTitle: 'Clientes',
  clientsChart: 'Clientes activos y totales por mes, últimos 12 meses',
  activeClients: 'Clientes activos',
  totalClients: 'Total de clientes',
  revenueTitle: 'Ingresos',
  revenueChart: 'Ingresos por mes, últimos 12 meses',
  revenue: 'Ingresos',
};
