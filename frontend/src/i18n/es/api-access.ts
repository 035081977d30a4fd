import type {
  ACTIVITY_KIND_LABELS as EN_ACTIVITY_KIND_LABELS,
  ADMIN_TOKENS_TEXTS as EN_ADMIN_TOKENS_TEXTS,
  API_ACCESS_TEXTS as EN_API_ACCESS_TEXTS,
  EXPIRY_OPTIONS as EN_EXPIRY_OPTIONS,
  scopeDescription as enScopeDescription,
} from '../../broker-app/api-access/texts.ts';
import type { Translation } from '../translation.ts';

const NAME_MAX = 80;

/** Spanish of the API access page (`broker-app/api-access/texts.ts`). */
export const API_ACCESS_TEXTS: Translation<typeof EN_API_ACCESS_TEXTS> = {
  title: 'Acceso a la API',
  subtitle:
    'Los tokens de acceso permiten que sus propias herramientas, como un CRM o una hoja de cálculo, usen la API de CareKeep en su nombre.',
  docsLink: 'Leer la documentación de la API',
  createToken: 'Crear token',
  tokensTitle: 'Sus tokens de acceso',
  loadFailed: 'No se pudieron cargar sus tokens de acceso',
  retry: 'Intentar de nuevo',
  emptyTitle: 'Todavía no hay tokens de acceso',
  emptyBody:
    'Cree un token de acceso para que una herramienta que usa pueda leer o cambiar sus datos de CareKeep. Usted elige lo que puede hacer y cuándo vence.',

  columns: {
    name: 'Nombre',
    token: 'Token',
    scopes: 'Permisos',
    created: 'Creado',
    lastUsed: 'Último uso',
    expires: 'Vence',
    actions: 'Acciones',
  },
  never: 'Nunca',
  expired: 'Vencido',
  revoke: 'Revocar',
  revokeLabel: (name) => `Revocar “${name}”`,
  tokenLabel: (name) => `Token “${name}”`,

  createTitle: 'Crear un token de acceso',
  createIntro: 'Póngale un nombre que reconozca y elija solo los permisos que su herramienta necesita.',
  nameLabel: 'Nombre',
  nameHelp: `Por ejemplo, “Mi CRM” (hasta ${NAME_MAX} caracteres)`,
  nameRequired: 'Escriba un nombre',
  nameTooLong: `Use ${NAME_MAX} caracteres o menos`,
  scopesLabel: 'Permisos',
  scopesHelp: 'Lo que el token puede hacer.',
  scopesRequired: 'Elija al menos un permiso',
  scopesFailed: 'No se pudieron cargar los permisos',
  expiresLabel: 'Vence',
  cancel: 'Cancelar',
  create: 'Crear',
  createFailed: 'No se pudo crear el token de acceso',

  secretTitle: 'Su nuevo token de acceso',
  secretFor: (name) => `Token “${name}”`,
  secretWarning: 'Copie este token ahora. No podrá volver a verlo.',
  secretLabel: 'Token',
  copy: 'Copiar',
  copied: 'Copiado',
  copiedDescription: 'El token está en su portapapeles.',
  copyFailed: 'No se pudo copiar el token',
  copyFailedDescription: 'Seleccione el token y cópielo usted mismo.',
  done: 'Listo',

  revokeTitle: 'Revocar token de acceso',
  revokeConfirm: (name) => `¿Revocar “${name}”? Todo lo que lo use dejará de funcionar de inmediato.`,
  revoked: 'Token de acceso revocado',
  revokedDescription: (name) => `“${name}” ya no funciona.`,
  revokeFailed: 'No se pudo revocar el token de acceso',

  activityTitle: 'Actividad reciente',
  activityEmpty: 'Todavía no hay nada. Aquí aparece cuando se crean, usan y revocan los tokens.',
  activityFailed: 'No se pudo cargar la actividad',
};

/** Spanish of the admin's card on a broker's detail page. */
export const ADMIN_TOKENS_TEXTS: Translation<typeof EN_ADMIN_TOKENS_TEXTS> = {
  title: 'Tokens de la API',
  count: (n) => (n === 1 ? '1 token' : `${n} tokens`),
  empty: 'Este agente no tiene tokens de la API.',
  loadFailed: 'No se pudieron cargar los tokens de este agente',
};

export const EXPIRY_OPTIONS: Translation<typeof EN_EXPIRY_OPTIONS> = [
  { value: 30, label: '30 días' },
  { value: 90, label: '90 días' },
  { value: 365, label: '365 días' },
  { value: null, label: 'Sin vencimiento' },
];

export const ACTIVITY_KIND_LABELS: Translation<typeof EN_ACTIVITY_KIND_LABELS> = {
  created: 'Creado',
  first_use: 'Primer uso',
  refused: 'Rechazado',
  rate_limited: 'Límite de solicitudes alcanzado',
  revoked: 'Revocado',
};

/** The scopes in Spanish, by code. */
const SCOPE_DESCRIPTIONS: Record<string, string> = {
  'clients:read': 'Ver los clientes, sus registros de consentimiento, su historial y los informes de cumplimiento',
  'clients:write': 'Agregar, editar, importar, invitar, desactivar y eliminar clientes; registrar el consentimiento',
  'policies:read': 'Ver las pólizas de los clientes',
  'policies:write': 'Agregar, cambiar y eliminar las pólizas de los clientes',
  'soas:read': 'Ver los Alcances de la Cita y descargar los firmados',
  'soas:write': 'Preparar, volver a enviar y cancelar Alcances de la Cita',
  'tasks:read': 'Ver las tareas, las reglas de tareas automáticas y el registro de llamadas y reuniones de los clientes',
  'tasks:write': 'Agregar, cambiar, marcar como hechas y eliminar tareas; registrar llamadas y reuniones',
  'inbox:read': 'Ver la bandeja de entrada de textos: conversaciones, sus mensajes y las plantillas de respuesta',
  'inbox:write': 'Responder textos, asignar conversaciones, marcarlas terminadas, crear tareas desde ellas y gestionar plantillas',
  'reminders:read': 'Ver los recordatorios',
  'reminders:write': 'Programar, editar y cancelar recordatorios',
  'campaigns:read': 'Ver las campañas y sus resultados',
  'campaigns:write': 'Crear, editar, probar y enviar campañas',
  'analytics:read': 'Ver las cifras del panel, la actividad reciente, las estadísticas mensuales y la suscripción',
  'admin:read': 'Administradores: ver las estadísticas de la plataforma, los agentes y los recursos',
  'admin:write': 'Administradores: extender pruebas, cambiar suscripciones y administrar los recursos',
};

/** A scope's description in Spanish; a scope this app does not know keeps the server's words. */
export const scopeDescription: Translation<typeof enScopeDescription> = (scope, serverText) => SCOPE_DESCRIPTIONS[scope] ?? serverText;
