import type { ADMINS_TEXTS as EN_ADMINS_TEXTS } from '../../broker-app/backoffice/admins/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the platform admins page (`broker-app/backoffice/admins/texts.ts`). */
export const ADMINS_TEXTS: Translation<typeof EN_ADMINS_TEXTS> = {
  title: 'Administradores',
  subtitle:
    'Los administradores de la plataforma ven las cifras de todos los agentes y pueden cambiar planes, extender pruebas, suspender agentes y administrar la biblioteca de recursos. Cada cambio queda en el registro de auditoría.',
  listTitle: 'Administradores de la plataforma',
  count: (n) => (n === 1 ? '1 administrador' : `${n} administradores`),
  loadFailed: 'No se pudieron cargar los administradores',
  you: 'Usted',
  noName: 'Todavía sin nombre',
  lastSignIn: (when) => `Último inicio de sesión: ${when}`,
  neverSignedIn: 'Todavía no ha iniciado sesión',

  addTitle: 'Agregar un administrador',
  addIntro: 'Debe haber iniciado sesión en CareKeep una vez con este correo electrónico.',
  emailLabel: 'Correo electrónico',
  emailRequired: 'Escriba un correo electrónico',
  add: 'Agregar administrador',
  added: 'Administrador agregado',
  addedDescription: (email) => `${email} ahora es administrador de la plataforma.`,
  addFailed: 'No se pudo agregar el administrador',

  remove: 'Quitar acceso de administrador',
  removeLabel: (name) => `Quitar el acceso de administrador de ${name}`,
  ownAccess: 'Otro administrador puede quitarle su acceso; usted no puede quitárselo.',
  removeTitle: '¿Quitar el acceso de administrador?',
  removeBody: (name) => `${name} dejará de ver la administración de la plataforma. Su propia cuenta de agente, si la tiene, queda igual.`,
  cancel: 'Cancelar',
  confirmRemove: 'Quitar acceso',
  removed: 'Acceso de administrador quitado',
  removedDescription: (name) => `${name} ya no es administrador de la plataforma.`,
  removeFailed: 'No se pudo quitar el acceso de administrador',
};
