import type { INVITATION_TEXTS as EN_INVITATION_TEXTS } from '../../portal/invitationTexts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the failed-invitation page (`portal/invitationTexts.ts`), its own chunk. */
export const INVITATION_TEXTS: Translation<typeof EN_INVITATION_TEXTS> = {
  productName: 'CareKeep',
  expiredTitle: 'Esta invitación ya no funciona',
  expiredBody:
    'Su enlace venció, fue reemplazado por uno más nuevo o fue retirado. Pida a la persona que le invitó que le envíe la invitación de nuevo.',
  otherAgencyTitle: 'Usted ya trabaja en otra agencia',
  otherAgencyBody:
    'La cuenta con la que inició sesión pertenece a otra agencia de CareKeep, y cada persona trabaja en una sola agencia. Cierre la sesión y abra el enlace de nuevo con otra cuenta, o pida a la agencia que le invitó que invite a otro correo electrónico.',
  home: 'Ir a la página de inicio',
  signOut: 'Cerrar sesión',
};
