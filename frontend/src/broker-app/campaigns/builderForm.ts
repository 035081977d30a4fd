import { addDays, format } from 'date-fns';

import { unknownMergeFields } from '../../../../backend/src/campaigns/merge-fields.ts';
import type { Translation } from '../../i18n/translation.ts';
import { brokerLanguage } from '../i18n/current.ts';
import { formatDateTime } from '../ui/format.ts';
import { type CampaignForm, EMPTY_CAMPAIGN, type NewCampaign, validateCampaign } from './campaignForm.ts';
import {
  type CampaignFollowUp,
  type CampaignPurpose,
  type CampaignSchedule,
  type CampaignTemplate,
  type CampaignTrigger,
  DAYS_BEFORE_MIN,
  DAYS_MAX,
  DAYS_MIN,
  type DaysBeforeKind,
  type LifecycleCampaign,
  MEDICARE_DATE_DAYS,
  type MedicareDate,
  SEND_WINDOW,
  type TemplateKey,
  type TriggerKind,
} from './lifecycleTypes.ts';
import { CAMPAIGN_TEXTS, LIFECYCLE_TEXTS } from './texts.ts';

export type When = 'now' | 'schedule' | 'sequence';

export interface FollowUpForm {
  delayDays: number | null;
  subject: string;
  message: string;
  skipIfEngaged: boolean;
}

/** The builder's fields: the campaign itself, its purpose, and when it goes (now, at a time, or as a sequence). */
export interface BuilderForm extends CampaignForm {
  purpose: CampaignPurpose;
  templateKey: TemplateKey | null;
  when: When;
  date: string;
  time: string;
  triggerKind: TriggerKind;
  daysBefore: number | null;
  medicareDate: MedicareDate;
  followUps: FollowUpForm[];
}

export interface BuilderErrors {
  name?: string;
  subject?: string;
  message?: string;
  date?: string;
  time?: string;
  daysBefore?: string;
  followUps?: { delayDays?: string; subject?: string; message?: string }[];
}

/** What the server is sent: the draft (with its sequence, if any), and the schedule to set after it is saved. */
export interface BuilderResult {
  campaign: NewCampaign & {
    purpose: CampaignPurpose;
    templateKey: TemplateKey | null;
    trigger: CampaignTrigger | null;
    followUps: CampaignFollowUp[];
  };
  schedule?: CampaignSchedule;
}

const DAYS_BEFORE_KINDS: readonly TriggerKind[] = ['turning_65', 'birthday', 'birthday_rule', 'plan_anniversary'];
export const needsDaysBefore = (kind: TriggerKind): kind is DaysBeforeKind => DAYS_BEFORE_KINDS.includes(kind);

/**
 * Where the days before start when the broker picks a trigger: a birthday greeting on the day, the
 * enrollment conversations (turning 65, the plan anniversary, the birthday-rule window) a month ahead.
 */
export const DEFAULT_DAYS_BEFORE: Record<DaysBeforeKind, number> = { birthday: 0, turning_65: 30, birthday_rule: 30, plan_anniversary: 30 };

export const NEW_FOLLOW_UP: FollowUpForm = { delayDays: 7, subject: '', message: '', skipIfEngaged: true };

/** Tomorrow at 10:00 AM: a schedule's starting point. */
export function defaultSchedule(now: Date = new Date()): CampaignSchedule {
  return { date: format(addDays(now, 1), 'yyyy-MM-dd'), time: '10:00' };
}

export function emptyBuilder(now: Date = new Date()): BuilderForm {
  return {
    ...EMPTY_CAMPAIGN,
    purpose: 'marketing',
    templateKey: null,
    when: 'now',
    ...defaultSchedule(now),
    triggerKind: 'joined',
    daysBefore: 30,
    medicareDate: 'aep_start',
    followUps: [],
  };
}

/** The builder filled with a draft being edited. */
export function builderFromCampaign(campaign: LifecycleCampaign, now: Date = new Date()): BuilderForm {
  const trigger = campaign.trigger;
  return {
    ...emptyBuilder(now),
    name: campaign.name,
    type: campaign.type,
    subject: campaign.subject ?? '',
    message: campaign.message,
    purpose: campaign.purpose,
    templateKey: campaign.templateKey,
    when: trigger ? 'sequence' : campaign.schedule ? 'schedule' : 'now',
    ...(campaign.schedule ?? {}),
    ...(trigger && { triggerKind: trigger.kind }),
    ...(trigger && 'daysBefore' in trigger && { daysBefore: trigger.daysBefore }),
    ...(trigger?.kind === 'medicare_date' && { medicareDate: trigger.date }),
    followUps: campaign.followUps.map((step) => ({ ...step, subject: step.subject ?? '' })),
  };
}

/** The template's words in the builder: name, the channel's subject and message, purpose, and its trigger when building a sequence. */
export function applyTemplate(form: BuilderForm, template: CampaignTemplate): Partial<BuilderForm> {
  const changes: Partial<BuilderForm> = {
    templateKey: template.key,
    name: template.name,
    purpose: template.purpose,
    ...(form.type === 'email' ? { subject: template.email.subject, message: template.email.message } : { message: template.sms.message }),
  };
  if (form.when === 'sequence' && template.trigger) Object.assign(changes, triggerFields(template.trigger));
  return changes;
}

export function triggerFields(trigger: CampaignTrigger): Partial<BuilderForm> {
  if (trigger.kind === 'medicare_date') return { triggerKind: trigger.kind, medicareDate: trigger.date };
  if (trigger.kind === 'joined') return { triggerKind: trigger.kind };
  return { triggerKind: trigger.kind, daysBefore: trigger.daysBefore };
}

const isDays = (value: unknown, min = DAYS_MIN): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= DAYS_MAX;

/**
 * The spec's checks of a campaign (validateCampaign), then the schedule's (a date, a time from 8:00
 * AM to 8:59 PM, not past, at most a year ahead) or the sequence's (1–365 days, each follow-up's
 * message, and its subject for an e-mail).
 */
export function validateBuilder(
  form: BuilderForm,
  T: Translation<typeof CAMPAIGN_TEXTS> = CAMPAIGN_TEXTS,
  L: Translation<typeof LIFECYCLE_TEXTS> = LIFECYCLE_TEXTS,
  now: Date = new Date(),
): { errors: BuilderErrors; result?: BuilderResult } {
  const { errors: base, campaign } = validateCampaign(form, T);
  const errors: BuilderErrors = { ...base };
  let schedule: CampaignSchedule | undefined;
  let trigger: CampaignTrigger | null = null;
  let followUps: CampaignFollowUp[] = [];

  if (form.when === 'schedule') {
    schedule = { date: form.date || '', time: form.time || '' };
    Object.assign(errors, validateSchedule(schedule, L, now));
  }

  if (form.when === 'sequence') {
    const kind = form.triggerKind;
    if (needsDaysBefore(kind)) {
      if (isDays(form.daysBefore, DAYS_BEFORE_MIN)) trigger = { kind, daysBefore: form.daysBefore };
      else errors.daysBefore = L.daysBeforeRange;
    } else if (kind === 'medicare_date') trigger = { kind, date: form.medicareDate };
    else trigger = { kind: 'joined' };

    const stepErrors = form.followUps.map((step) => {
      const problems: NonNullable<BuilderErrors['followUps']>[number] = {};
      if (!isDays(step.delayDays)) problems.delayDays = L.daysRange;
      if (form.type === 'email' && !step.subject.trim()) problems.subject = T.subjectRequired;
      if (!step.message.trim()) problems.message = T.messageRequired;
      const unknown = [...(form.type === 'email' ? unknownMergeFields(step.subject) : []), ...unknownMergeFields(step.message)];
      if (unknown.length) problems.message = T.unknownMergeField(unknown.join(', '));
      return problems;
    });
    if (stepErrors.some((problems) => Object.keys(problems).length > 0)) errors.followUps = stepErrors;
    followUps = form.followUps.map((step) => ({
      delayDays: step.delayDays ?? 0,
      subject: form.type === 'email' ? step.subject.trim() : null,
      message: step.message.trim(),
      skipIfEngaged: step.skipIfEngaged,
    }));
  }

  if (!campaign || Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    result: { campaign: { ...campaign, purpose: form.purpose, templateKey: form.templateKey, trigger, followUps }, schedule },
  };
}

/** A schedule's checks: a date and a time, the time from 8:00 AM to 8:59 PM, the moment not past and at most a year ahead. */
export function validateSchedule(
  { date, time }: CampaignSchedule,
  L: Translation<typeof LIFECYCLE_TEXTS> = LIFECYCLE_TEXTS,
  now: Date = new Date(),
): Pick<BuilderErrors, 'date' | 'time'> {
  const errors: Pick<BuilderErrors, 'date' | 'time'> = {};
  const today = format(now, 'yyyy-MM-dd');
  if (!date) errors.date = L.dateRequired;
  else if (date < today || (date === today && time && time <= format(now, 'HH:mm'))) errors.date = L.datePast;
  else if (date > format(addDays(now, DAYS_MAX), 'yyyy-MM-dd')) errors.date = L.dateTooFar;
  if (!time) errors.time = L.timeRequired;
  else if (time < SEND_WINDOW.from || time > SEND_WINDOW.to) errors.time = L.timeWindow;
  return errors;
}

/** A Medicare date's day of the year: 'Oct 15' ('15 oct'). */
export function medicareDay(date: MedicareDate): string {
  const { month, day } = MEDICARE_DATE_DAYS[date];
  const value = new Date(2001, month - 1, day);
  return brokerLanguage() === 'es'
    ? new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short' }).format(value)
    : format(value, 'MMM d');
}

/** A schedule's wall-clock moment in the app's date format: 'Dec 01, 2026 at 10:00 AM'. */
export function scheduleMoment({ date, time }: CampaignSchedule): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return formatDateTime(new Date(year, month - 1, day, hours, minutes));
}

/** A sequence's trigger in words: '30 days before turning 65', 'Every year on Oct 15 (AEP starts)'. */
export function triggerWords(trigger: CampaignTrigger, L: Translation<typeof LIFECYCLE_TEXTS> = LIFECYCLE_TEXTS): string {
  if (trigger.kind === 'joined') return L.triggerWords.joined;
  if (trigger.kind === 'medicare_date') return L.triggerWords.medicare_date(medicareDay(trigger.date), L.medicareDate[trigger.date]);
  return L.triggerWords[trigger.kind](trigger.daysBefore);
}
