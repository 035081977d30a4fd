import { type DASHBOARD_TEXTS as EN_DASHBOARD_TEXTS, INDUSTRY_AVERAGE_RETENTION } from '../../broker-app/dashboard/texts.ts';
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
