import type { SUSPENDED_TEXTS as EN_SUSPENDED_TEXTS } from '../../portal/suspendedTexts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the suspended-account page (`portal/suspendedTexts.ts`), its own chunk. */
export const SUSPENDED_TEXTS: Translation<typeof EN_SUSPENDED_TEXTS> = {
  productName: 'CareKeep',
  title: 'Su cuenta está suspendida',
  body: 'La plataforma suspendió su cuenta de CareKeep. Sus clientes pueden seguir usando su portal y sus propios recordatorios. Comuníquese con el soporte de CareKeep para recuperar el acceso.',
  signOut: 'Cerrar sesión',
};
