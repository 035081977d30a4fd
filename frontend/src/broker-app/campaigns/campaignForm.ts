import { unknownMergeFields } from '../../../../backend/src/campaigns/merge-fields.ts';
import type { Translation } from '../../i18n/translation.ts';
import type { Campaign } from '../types.ts';
import { CAMPAIGN_TEXTS } from './texts.ts';

export type CampaignType = Campaign['type'];

export interface CampaignForm {
  name: string;
  type: CampaignType;
  subject: string;
  message: string;
}

export interface NewCampaign {
  name: string;
  audience?: Campaign['audience'];
  type: CampaignType;
  subject?: string;
  message: string;
  status: 'draft';
}

export type CampaignFormErrors = Partial<Record<'name' | 'subject' | 'message', string>>;

export const EMPTY_CAMPAIGN: CampaignForm = { name: '', type: 'email', subject: '', message: '' };

/** SPEC §5 Campaign: name and message required, subject required (and sent) only for e-mail. */
export function validateCampaign(
  form: CampaignForm,
  T: Translation<typeof CAMPAIGN_TEXTS> = CAMPAIGN_TEXTS,
): { errors: CampaignFormErrors; campaign?: NewCampaign } {
  const name = form.name.trim();
  const subject = form.subject.trim();
  const message = form.message.trim();
  const errors: CampaignFormErrors = {};
  if (!name) errors.name = T.nameRequired;
  if (form.type === 'email' && !subject) errors.subject = T.subjectRequired;
  if (!message) errors.message = T.messageRequired;
  const unknownInSubject = form.type === 'email' ? unknownMergeFields(subject) : [];
  if (unknownInSubject.length) errors.subject = T.unknownMergeField(unknownInSubject.join(', '));
  const unknownInMessage = unknownMergeFields(message);
  if (unknownInMessage.length) errors.message = T.unknownMergeField(unknownInMessage.join(', '));
  if (Object.keys(errors).length > 0) return { errors };
  const campaign: NewCampaign = { name, type: form.type, message, status: 'draft' };
  if (form.type === 'email') campaign.subject = subject;
  return { errors, campaign };
}
