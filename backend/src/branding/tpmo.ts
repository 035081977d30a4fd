/**
 * The Third-Party Marketing Organization disclaimer (42 CFR 422.2267(e)(41) and 423.2267(e)(41)),
 * generated from how many organizations and plans the agency represents. Pure, so the broker app
 * shows the same text as the messages carry.
 */

import type { Language } from '../common/language.js';

export const TPMO_DISCLAIMER_MAX = 1000;

export interface TpmoSettings {
  sellsPlans: boolean;
  tpmoOrganizations?: number | null;
  tpmoPlans?: number | null;
  /** The broker's own wording, when they edited it; null: the generated text. */
  tpmoDisclaimer?: string | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** CMS's current wording: the numbers when given, else the form for agencies that do not state them; in English or Spanish. */
export function generatedDisclaimer(organizations?: number | null, plans?: number | null, language: Language = 'en'): string {
  if (language === 'es') return spanishDisclaimer(organizations, plans);
  const contact =
    'Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.';
  if (organizations && plans) {
    return `We do not offer every plan available in your area. Currently we represent ${plural(organizations, 'organization', 'organizations')} which offer ${plural(plans, 'product', 'products')} in your area. ${contact}`;
  }
  return `We do not offer every plan available in your area. Any information we provide is limited to those plans we do offer in your area. ${contact}`;
}

function spanishDisclaimer(organizations?: number | null, plans?: number | null): string {
  const contact =
    'Comuníquese con Medicare.gov, 1-800-MEDICARE o con su Programa Estatal de Asistencia sobre Seguros Médicos (SHIP) para obtener información sobre todas sus opciones.';
  if (organizations && plans) {
    return `No ofrecemos todos los planes disponibles en su área. Actualmente representamos ${plural(organizations, 'organización', 'organizaciones')} que ${organizations === 1 ? 'ofrece' : 'ofrecen'} ${plural(plans, 'producto', 'productos')} en su área. ${contact}`;
  }
  return `No ofrecemos todos los planes disponibles en su área. Cualquier información que le brindemos se limita a los planes que ofrecemos en su área. ${contact}`;
}

/**
 * The disclaimer an agency's marketing carries: its own wording (as written, in every language) or
 * the generated one in the recipient's language; none when it does not sell plans.
 */
export function disclaimerOf(settings: TpmoSettings, language: Language = 'en'): string | null {
  if (!settings.sellsPlans) return null;
  return settings.tpmoDisclaimer?.trim() || generatedDisclaimer(settings.tpmoOrganizations, settings.tpmoPlans, language);
}

/** The short form a marketing text ends with: the first sentence and a link to the whole text. */
export function smsDisclaimer(link: string, language: Language = 'en'): string {
  return language === 'es'
    ? `No ofrecemos todos los planes disponibles en su área. Información: ${link}`
    : `We do not offer every plan available in your area. Info: ${link}`;
}
