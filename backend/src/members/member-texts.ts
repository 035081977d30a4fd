import type { Language } from '../common/language.js';
import type { MemberRole } from './roles.js';

/** Each role's name, as the app and the invitation e-mail say it. */
export const ROLE_NAMES: Readonly<Record<Language, Record<MemberRole, string>>> = {
  en: { owner: 'Owner', agent: 'Agent', assistant: 'Assistant', read_only: 'Read-only' },
  es: { owner: 'Propietario', agent: 'Agente', assistant: 'Asistente', read_only: 'Solo lectura' },
};

/** “as an agent”: a role in a sentence. */
export const AS_ROLE: Readonly<Record<MemberRole, string>> = {
  owner: 'an owner',
  agent: 'an agent',
  assistant: 'an assistant',
  read_only: 'a read-only member',
};

/** How the activity log names a person: their name, else their e-mail. */
export function memberWho(member: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  return [member.firstName, member.lastName].filter((part) => part?.trim()).join(' ') || member.email || 'a member';
}

/**
 * The e-mail that carries an invitation's link, in the agency's language (the invitee's is not
 * known yet). It names the agency and the role, and how long the link works.
 */
export function invitationEmail(
  agency: { agencyName: string; language: Language },
  role: MemberRole,
  url: string,
  days: number,
): { subject: string; text: string } {
  const agencyName = agency.agencyName.trim();
  if (agency.language === 'es') {
    const name = agencyName || 'una agencia';
    return {
      subject: `Invitación para unirse a ${name} en CareKeep`,
      text:
        `Le invitan a unirse a ${name} en CareKeep con el rol ${ROLE_NAMES.es[role]}.\n\n` +
        `Para aceptar, abra este enlace e inicie sesión:\n${url}\n\n` +
        `El enlace vence en ${days} días. Si no esperaba esta invitación, ignore este correo.`,
    };
  }
  const name = agencyName || 'an agency';
  return {
    subject: `Join ${name} on CareKeep`,
    text:
      `You are invited to join ${name} on CareKeep as ${AS_ROLE[role]}.\n\n` +
      `To accept, open this link and sign in:\n${url}\n\n` +
      `The link works for ${days} days. If you did not expect this invitation, you can ignore this e-mail.`,
  };
}
