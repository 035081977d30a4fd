import type {
  MENU_TITLES as EN_MENU_TITLES,
  SHELL_TEXTS as EN_SHELL_TEXTS,
  SIDEBAR_TEXTS as EN_SIDEBAR_TEXTS,
} from '../../broker-app/layout/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the broker app's header. */
export const SHELL_TEXTS: Translation<typeof EN_SHELL_TEXTS> = {
  toggleSidebar: 'Mostrar u ocultar la barra lateral',
  language: 'Idioma',
  languageSaveFailed: 'No se pudo guardar su idioma',
};

/** Spanish of the sidebar. */
export const SIDEBAR_TEXTS: Translation<typeof EN_SIDEBAR_TEXTS> = {
  signOut: 'Cerrar sesión',
  mainNav: 'Principal',
  adminGroup: 'Administración',
};

/** Spanish of the menu, by path. */
export const MENU_TITLES: Translation<typeof EN_MENU_TITLES> = {
  '/': 'Panel',
  '/clients': 'Clientes',
  '/reminders': 'Recordatorios',
  '/campaigns': 'Campañas',
  '/resources': 'Recursos',
  '/billing': 'Facturación',
  '/branding': 'Marca',
  '/client/portal': 'Vista previa del portal',
  '/help': 'Ayuda',
  '/compliance': 'Cumplimiento',
  '/settings': 'Configuración',
  '/admin': 'Panel de administración',
  '/admin/brokers': 'Agentes',
  '/admin/resources': 'Recursos',
  '/admin/help': 'Ayuda para administradores',
  '/dev/outbox': 'Salida (desarrollo)',
};
