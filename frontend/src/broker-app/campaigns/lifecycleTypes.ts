import type { components } from '../../api/schema';
import type { Campaign } from '../types.ts';

type Schemas = components['schemas'];

/** The campaign's statuses, purposes, triggers and Medicare dates, in the order the screens list them. */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sent',
  'active',
  'paused',
  'finished',
] as const satisfies readonly Campaign['status'][];
export type CampaignStatus = Campaign['status'];

export const CAMPAIGN_PURPOSES = ['marketing', 'informational'] as const satisfies readonly Campaign['purpose'][];
export type CampaignPurpose = Campaign['purpose'];

export type CampaignTrigger = NonNullable<Campaign['trigger']>;
export type TriggerKind = CampaignTrigger['kind'];
/** The triggers that fire a number of days before the client's own date. */
export type DaysBeforeKind = Schemas['DaysBeforeTrigger']['kind'];
export const TRIGGER_KINDS = [
  'joined',
  'turning_65',
  'birthday',
  'birthday_rule',
  'plan_anniversary',
  'medicare_date',
] as const satisfies readonly TriggerKind[];

/** The fixed dates of the Medicare year, in calendar order from the ANOC review. */
export type MedicareDate = Schemas['MedicareDateTrigger']['date'];
export const MEDICARE_DATES = [
  'anoc_review',
  'marketing_start',
  'aep_start',
  'aep_last_week',
  'oep_start',
] as const satisfies readonly MedicareDate[];
/** Month and day of each Medicare date (month 1–12). */
export const MEDICARE_DATE_DAYS: Record<MedicareDate, { month: number; day: number }> = {
  anoc_review: { month: 9, day: 30 },
  marketing_start: { month: 10, day: 1 },
  aep_start: { month: 10, day: 15 },
  aep_last_week: { month: 12, day: 1 },
  oep_start: { month: 1, day: 2 },
};

export type CampaignFollowUp = Schemas['FollowUpDto'];
/** A sequence's figures for one step (1 = the campaign's own message). */
export type CampaignStep = Schemas['StepFiguresDto'];
/** A wall-clock day and time, the same in each client's own time zone. */
export type { CampaignSchedule } from '../types.ts';
/** The campaign as the API answers it, with its schedule and sequence. */
export type LifecycleCampaign = Campaign;

/** A ready-made campaign (GET /api/campaigns/templates): five keys, each in English and Spanish. */
export type { CampaignTemplate } from '../types.ts';
export type TemplateKey = Schemas['CampaignTemplateDto']['key'];

/** The most follow-up steps after a sequence's first message, and the bounds of its day counts. */
export const FOLLOW_UPS_MAX = 4;
export const DAYS_MIN = 1;
/** A sequence may start on the client's date itself (0 days before), as the API allows. */
export const DAYS_BEFORE_MIN = 0;
export const DAYS_MAX = 365;
/** A scheduled campaign goes between 8:00 AM and 9:00 PM in each client's time zone (the last minute 20:59). */
export const SEND_WINDOW = { from: '08:00', to: '20:59' } as const;

/** Whether a campaign is a sequence (it has a trigger). */
export const isSequence = (campaign: Pick<LifecycleCampaign, 'trigger'>) => campaign.trigger != null;
