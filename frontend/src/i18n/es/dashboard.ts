import {
  type ACTIVITY_TITLES as EN_ACTIVITY_TITLES,
  type DASHBOARD_TEXTS as EN_DASHBOARD_TEXTS,
  INDUSTRY_AVERAGE_RETENTION,
  type RETENTION_TEXTS as EN_RETENTION_TEXTS,
  type SCOPE_TEXTS as EN_SCOPE_TEXTS,
  type TIME_AGO as EN_TIME_AGO,
} from '../../broker-app/dashboard/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the broker dashboard (`broker-app/dashboard/texts.ts`). */
export const DASHBOARD_TEXTS: Translation<typeof EN_DASHBOARD_TEXTS> = {
  title: 'Panel',
  subtitle: 'Siga la retención de sus clientes y sus métricas de participación',
  totalClients: 'Total de clientes',
  activeThisMonth: (active: number) => `${active} ${active === 1 ? 'activo' : 'activos'} este mes`,
  retentionRate: 'Tasa de retención',
  retentionCaption: `vs. promedio del sector: ${INDUSTRY_AVERAGE_RETENTION}%`,
  callCompletion: 'Llamadas completadas',
  callCompletionCaption: 'recordatorios de medicamentos',
  engagementScore: 'Puntuación de participación',
  engagementCaption: 'de 100',
  recentActivity: 'Actividad reciente',
  noActivity:
    'Todavía no hay actividad. Aquí aparecerán los recordatorios, las campañas, las invitaciones y la participación de los clientes.',
  noFigure: '—',
  notEnoughHistory: 'Todavía no hay suficiente historial',
  quickActions: 'Acciones rápidas',
  addNewClient: 'Agregar nuevo cliente',
  scheduleReminder: 'Programar recordatorio',
  sendCampaign: 'Enviar campaña',
  statsFailed: 'No se pudieron cargar sus estadísticas',
};

/** Spanish of the dashboard's at-risk list and retention chart. */
export const RETENTION_TEXTS: Translation<typeof EN_RETENTION_TEXTS> = {
  atRiskTitle: 'En riesgo esta semana',
  atRiskEmpty: 'Ningún cliente está en riesgo alto esta semana.',
  atRiskFailed: 'No se pudieron cargar los clientes en riesgo',
  seeAll: 'Ver todos',
  seeAllLabel: 'Ver todos los clientes en riesgo alto',
  call: 'Llamar',
  text: 'Enviar texto',
  addToCampaign: 'Agregar a campaña',
  callName: (name) => `Llamar a ${name}`,
  textName: (name) => `Enviar texto a ${name}`,
  addToCampaignName: (name) => `Agregar a campaña: ${name}`,
  callBeforeAep: 'Llamar antes del AEP',
  callBeforeAepName: (name) => `Llamar antes del AEP: ${name}`,
  callBeforeAepAdded: 'Tarea agregada: llamar antes del AEP',
  callBeforeAepFailed: 'No se pudo agregar la tarea',
  retentionTitle: 'Retención',
  retentionChartLabel: 'Retención por mes, últimos 12 meses',
  retainedSeries: 'Clientes que se quedaron',
  retentionSummary: (from, fromRate, to, toRate, low, lowRate) =>
    `Los clientes que se quedaron cada mes pasaron de ${fromRate}% en ${from} a ${toRate}% en ${to}; el mínimo fue ${lowRate}% en ${low}.`,
  retentionNoData: 'Todavía no hay cifras de retención: empiezan cuando haya tenido clientes durante un mes.',
  noMonthData: 'todavía sin clientes',
  aepSoFar: (season, rate) => `AEP ${season} hasta ahora: ${rate}`,
  aep: (season, rate) => `AEP ${season}: ${rate}`,
  lostTitle: 'Clientes perdidos en los últimos 12 meses',
  lostNone: 'Ningún cliente se fue en los últimos 12 meses.',
  retentionFailed: 'No se pudieron cargar sus cifras de retención',
  basisPolicies:
    'Medida sobre sus pólizas: una póliza vigente al comenzar un mes o un AEP se conserva salvo que haya terminado para entonces (un cambio de plan con usted se conserva).',
  basisClients: 'Medida sobre sus clientes: un cliente activo al comenzar un mes o un AEP se conserva si sigue activo al final.',
  retainedSeriesPolicies: 'Pólizas conservadas',
  retentionSummaryPolicies: (from, fromRate, to, toRate, low, lowRate) =>
    `Las pólizas conservadas cada mes pasaron de ${fromRate}% en ${from} a ${toRate}% en ${to}; el mínimo fue ${lowRate}% en ${low}.`,
  keptThroughAep: (kept, season, so) =>
    `${kept} ${kept === 1 ? 'póliza conservada' : 'pólizas conservadas'} en el AEP ${season}${so ? ' hasta ahora' : ''}`,
  lostToAnotherAgent: (lost) => `${lost} ${lost === 1 ? 'póliza perdida' : 'pólizas perdidas'} con otro agente en los últimos 12 meses`,
  lostTitlePolicies: 'Pólizas terminadas en los últimos 12 meses',
  lostNonePolicies: 'Ninguna póliza terminó en los últimos 12 meses.',
};

/** Spanish of whose clients the dashboard shows. */
export const SCOPE_TEXTS: Translation<typeof EN_SCOPE_TEXTS> = {
  label: 'Clientes que se muestran',
  mine: 'Mis clientes',
  agency: 'Toda la agencia',
  ownOnly: 'Sus clientes: las cifras son de los clientes que tiene asignados.',
};

/** Spanish of the activity times: 'hace un momento', 'hace 5 min', 'hace 3 h', 'hace 2 d'. */
export const TIME_AGO: Translation<typeof EN_TIME_AGO> = {
  justNow: 'hace un momento',
  minutes: (n) => `hace ${n} min`,
  hours: (n) => `hace ${n} h`,
  days: (n) => `hace ${n} d`,
};

/** Spanish of what each activity event was (Recent Activity and a client's timeline). */
export const ACTIVITY_TITLES: Translation<typeof EN_ACTIVITY_TITLES> = {
  reminder_call: 'Llamada de recordatorio hecha',
  reminder_text: 'Texto de recordatorio enviado',
  reminder_confirmed: 'Llamada de recordatorio confirmada',
  campaign_sent: 'Campaña enviada',
  campaign_opened: 'Participación del cliente registrada',
  campaign_clicked: 'Participación del cliente registrada',
  invitation_sent: 'Invitación enviada',
  client_registered: 'Cliente registrado',
  contact_change_confirmed: 'Cambio de contacto confirmado por el cliente',
  contact_change_refused: 'Cambio de contacto rechazado por el cliente',
  client_added: 'Cliente agregado',
  client_deactivated: 'Marcado como inactivo',
};
