import type {
  ACCESS_DENIED_TEXTS as EN_ACCESS_DENIED_TEXTS,
  AUTH_TEXTS as EN_AUTH_TEXTS,
  BANNER_TEXTS as EN_BANNER_TEXTS,
  ERROR_TEXTS as EN_ERROR_TEXTS,
  MENU_TITLES as EN_MENU_TITLES,
  SHELL_TEXTS as EN_SHELL_TEXTS,
  SIDEBAR_TEXTS as EN_SIDEBAR_TEXTS,
} from '../../broker-app/layout/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the broker app's header. */
export const SHELL_TEXTS: Translation<typeof EN_SHELL_TEXTS> = {
  toggleSidebar: 'Mostrar u ocultar la barra lateral',
  toggleSidebarShortcut: 'Mostrar u ocultar la barra lateral (Ctrl+B)',
  language: 'Idioma',
  languageSaveFailed: 'No se pudo guardar su idioma',
};

/** Spanish of the sidebar. */
export const SIDEBAR_TEXTS: Translation<typeof EN_SIDEBAR_TEXTS> = {
  signOut: 'Cerrar sesión',
  mainNav: 'Principal',
  adminGroup: 'Administración',
  logo: (agency) => `Logotipo de ${agency}`,
  agency: 'Agencia',
  unread: (count: number) => `${count} sin leer`,
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
  '/inbox': 'Bandeja de entrada',
  '/tasks': 'Tareas',
  '/compliance': 'Cumplimiento',
  '/team': 'Equipo',
  '/activity-log': 'Registro de actividad',
  '/commissions': 'Comisiones',
  '/settings': 'Configuración',
  '/api-access': 'Acceso a la API',
  '/admin': 'Panel de administración',
  '/admin/brokers': 'Agentes',
  '/admin/resources': 'Recursos',
  '/admin/audit': 'Registro de auditoría',
  '/admin/admins': 'Administradores',
  '/admin/help': 'Ayuda para administradores',
  '/dev/outbox': 'Salida (desarrollo)',
};

/** Spanish of the subscription banner. */
export const BANNER_TEXTS: Translation<typeof EN_BANNER_TEXTS> = {
  label: 'Aviso de suscripción',
  pastDue: 'Su pago está vencido. Los recordatorios y las campañas están en pausa hasta que se pague.',
  trialEnding: (days, endsOn, plan) =>
    `Su prueba gratuita termina en ${days === 1 ? '1 día' : `${days} días`} (${endsOn}). Su plan después de la prueba: ${plan}. Los recordatorios y las campañas se pausan cuando termine, hasta que comience su suscripción.`,
  trialEnded: 'Su prueba gratuita terminó. Los recordatorios y las campañas están en pausa hasta que comience su suscripción.',
  canceled:
    'Su suscripción está cancelada. Los recordatorios y las campañas están desactivados hasta que un administrador de la plataforma la restablezca.',
  startSubscription: 'Comenzar mi suscripción',
  updatePaymentMethod: 'Actualizar el método de pago',
  goToBilling: 'Ir a Facturación',
  portalFailed: 'No se pudo abrir el portal de facturación',
};

/** Spanish of the session-ended toast. */
export const AUTH_TEXTS: Translation<typeof EN_AUTH_TEXTS> = {
  unauthorizedTitle: 'No autorizado',
  unauthorizedDescription: 'Su sesión se cerró. Iniciando sesión de nuevo...',
};

/** Spanish of the trial-expired toast. */
export const ERROR_TEXTS: Translation<typeof EN_ERROR_TEXTS> = {
  trialExpiredTitle: 'Prueba vencida',
  trialExpiredFallback: 'Su prueba gratuita venció. Elija un plan para continuar.',
};

/** Spanish of the admin-only page. */
export const ACCESS_DENIED_TEXTS: Translation<typeof EN_ACCESS_DENIED_TEXTS> = {
  title: 'No autorizado',
  body: 'Esta página es para los administradores de la plataforma. Si necesita acceso, pídaselo a un administrador de su plataforma.',
  memberBody: 'Su rol en esta agencia no incluye esta página. Si la necesita, pídasela al propietario de su agencia.',
  back: 'Volver al panel',
};
