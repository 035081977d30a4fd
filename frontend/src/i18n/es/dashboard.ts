import {
  type DASHBOARD_TEXTS as EN_DASHBOARD_TEXTS,
  INDUSTRY_AVERAGE_RETENTION,
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

/** Spanish of the activity times: 'hace un momento', 'hace 5 min', 'hace 3 h', 'hace 2 d'. */
export const TIME_AGO: Translation<typeof EN_TIME_AGO> = {
  justNow: 'hace un momento',
  minutes: (n) => `hace ${n} min`,
  hours: (n) => `hace ${n} h`,
  days: (n) => `hace ${n} d`,
};
