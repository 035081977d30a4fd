import { fillMergeFields, phoneForReading } from '../campaigns/merge-fields.js';
import { CAMPAIGN_TEMPLATES } from '../campaigns/templates.js';
import { messagesFor } from '../common/messages/index.js';
import { ATTESTATIONS } from '../consent/attestations.js';
import { HELP_KEYWORDS, START_KEYWORDS, STOP_KEYWORDS } from '../consent/revocation.js';
import { reminderText } from '../delivery/reminder-content.js';

/**
 * The campaign as The Campaign Registry reads it, generated from what the agency really sends: the
 * reminder text's format (with its agency name and sponsor message), one of its campaign texts, the
 * consent ledger's attestations (how a client opts in), and the STOP and HELP answers of the inbound
 * text handling, in English and Spanish.
 */
export interface CampaignContent {
  /** MIXED for a company (reminders are account notifications, the retention campaigns marketing), SOLE_PROPRIETOR without an EIN. */
  useCase: 'MIXED' | 'SOLE_PROPRIETOR';
  description: string;
  messageFlow: string;
  messageSamples: string[];
  hasEmbeddedLinks: boolean;
  hasEmbeddedPhone: boolean;
  optInKeywords: string[];
  optInMessage: string;
  optOutKeywords: string[];
  optOutMessage: string;
  helpKeywords: string[];
  helpMessage: string;
}

export interface AgencyWords {
  agencyName: string;
  agencyPhone: string;
  sponsorMessage: string;
  sponsorMessageEs: string;
  /** The agency's latest text campaign's message, if it has sent or drafted one. */
  campaignMessage: string | null;
}

/** Keywords as registered: letters and digits only (Twilio's rule), so multi-word phrases are left out. */
const keywords = (words: readonly string[]) => words.filter((word) => /^[A-Z0-9]+$/.test(word));

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The campaign's content for this agency. */
export function campaignContent(agency: AgencyWords, soleProprietor: boolean): CampaignContent {
  const name = agency.agencyName.trim();
  const phone = phoneForReading(agency.agencyPhone);
  const en = messagesFor('en');
  const es = messagesFor('es');
  const reminder = (language: 'en' | 'es', confirm: boolean, sponsor: string) =>
    reminderText({
      client_message: null,
      medication_name: null,
      message: null,
      agency_name: name,
      broker_name: name,
      sponsor_message: sponsor,
      confirm_within_minutes: confirm ? 60 : null,
      client_language: language,
    });
  const template = CAMPAIGN_TEMPLATES.find((t) => t.key === 'aep_check_in' && t.language === 'en')!;
  const campaignWords = fillMergeFields(agency.campaignMessage?.trim() || template.sms.message, {
    firstName: '[first name]',
    lastName: '[last name]',
    agencyName: name,
    agencyPhone: phone,
  });
  const campaignText = `${name}: ${campaignWords} ${en.sms.campaignOptOut}`;
  const samples = [
    reminder('en', true, agency.sponsorMessage.trim()),
    reminder('en', false, ''),
    campaignText,
    reminder('es', true, (agency.sponsorMessageEs || agency.sponsorMessage).trim()),
  ].map((sample) => clip(sample, 1024));
  const description =
    `${name} is a licensed Medicare insurance agency. It texts its own clients reminders they asked for ` +
    `(medications, appointments, plan dates), asks them to confirm a medication reminder by replying 1 or YES, ` +
    `and sends retention messages about their Medicare plans (Annual Enrollment reviews, plan changes) to clients ` +
    `who gave written permission. Messages are in English or Spanish, the client's language.`;
  const messageFlow =
    `Clients are the agency's existing Medicare clients; texts go only to numbers the client gave the agency. ` +
    `Before any text, the agent records the client's permission in CareKeep, confirming: "${ATTESTATIONS.reminders}" ` +
    `For plan (marketing) messages, separately: "${ATTESTATIONS.marketing}" Each permission is kept with its date, ` +
    `who recorded it and these words. Clients may also opt in themselves in the agency's client portal. ` +
    `Replying STOP (or ALTO) ends texts at once; HELP (or AYUDA) answers with the agency's phone number.`;
  return {
    useCase: soleProprietor ? 'SOLE_PROPRIETOR' : 'MIXED',
    description: clip(description, 4096),
    messageFlow: clip(messageFlow, 2048),
    messageSamples: samples,
    hasEmbeddedLinks: true,
    hasEmbeddedPhone: phone !== '',
    optInKeywords: keywords(START_KEYWORDS),
    optInMessage: clip(`${name}: ${en.sms.started} / ${es.sms.started}`, 320),
    optOutKeywords: keywords(STOP_KEYWORDS),
    optOutMessage: clip(`${name}: ${en.sms.stopped(en.sms.channelNames.sms)} / ${es.sms.stopped(es.sms.channelNames.sms)}`, 320),
    helpKeywords: keywords(HELP_KEYWORDS),
    helpMessage: clip(`${en.sms.help(name, phone)} / ${es.sms.help(name, phone)}`, 320),
  };
}
