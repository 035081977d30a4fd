import type { AUDIT_TEXTS as EN_AUDIT_TEXTS, TARGET_LABELS as EN_TARGET_LABELS } from '../../broker-app/backoffice/audit/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the back office's audit log (`broker-app/backoffice/audit/texts.ts`). */
export const AUDIT_TEXTS: Translation<typeof EN_AUDIT_TEXTS> = {
  title: 'Registro de auditoría',
  subtitle: 'Cada cambio que hizo un administrador de la plataforma: quién, cuándo, en qué cuenta y los valores antes y después.',
  appendOnly: 'Las entradas nunca se cambian ni se eliminan.',

  filtersLabel: 'Filtros del registro de auditoría',
  search: 'Buscar',
  searchPlaceholder: 'Notas, acción, administrador o agente',
  admin: 'Administrador',
  broker: 'Agente',
  action: 'Acción',
  from: 'Desde',
  to: 'Hasta',
  all: 'Todos',
  clearFilters: 'Quitar filtros',

  exportCsv: 'Exportar CSV',
  exportHint: 'Descargue todas las entradas con estos filtros como archivo CSV',

  tableLabel: 'Registro de auditoría',
  columns: { when: 'Cuándo', admin: 'Administrador', action: 'Acción', broker: 'Agente', change: 'Cambio', notes: 'Notas' },
  none: '—',
  deletedAccount: 'Cuenta eliminada',
  byAdmin: (who: string) => `por ${who}`,
  forBroker: (who: string) => `Agente: ${who}`,
  change: (before: string, after: string) => `${before} → ${after}`,

  emptyTitle: 'No hay entradas',
  emptyFiltered: 'Ninguna entrada coincide con estos filtros. Pruebe otras palabras o fechas, o quite los filtros.',
  emptyNone:
    'Ningún administrador ha hecho cambios todavía. Aquí aparecen las extensiones de prueba, los cambios de suscripción y los cambios de recursos.',
  loadFailed: 'No se pudo cargar el registro de auditoría',
};

export const TARGET_LABELS: Translation<typeof EN_TARGET_LABELS> = {
  broker: 'Agente',
  resource: 'Recurso',
  api_token: 'Token de API',
  user: 'Persona',
};
