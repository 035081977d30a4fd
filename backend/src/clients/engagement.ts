/** What a client has done that shows they are engaged; counts over the last 90 days unless noted. */
export interface EngagementSignals {
  registered: boolean;
  /** Portal sign-in within the last 30 days. */
  signedInLast30Days: boolean;
  remindersCompleted: number;
  remindersFailed: number;
  /** Reminders the client confirmed: pressed 1, or replied 1 or YES to the text. */
  remindersConfirmed: number;
  campaignOpens: number;
  campaignClicks: number;
  /** Calls and meetings a member logged in which the client took part (reached, meeting held). */
  conversations?: number;
}

export const NO_SIGNALS: EngagementSignals = {
  registered: false,
  signedInLast30Days: false,
  remindersCompleted: 0,
  remindersFailed: 0,
  remindersConfirmed: 0,
  campaignOpens: 0,
  campaignClicks: 0,
};

/** What a logged call or meeting with the client adds to the engagement score. */
export const CONVERSATION_POINTS = 15;

/**
 * Engagement score, 0-100 (docs/clients.md):
 * - 25 for a portal account, 20 more for a sign-in in the last 30 days;
 * - up to 35 for reminders: 20 × completed ÷ (completed + failed) for reaching the client, and
 *   15 × confirmed ÷ completed for answering them (press 1, reply 1 or YES); none without reminders;
 * - up to 20 for campaigns: 10 for any open, 10 for any click;
 * - 15 for a call or meeting logged in which the client took part (tasks/ call log);
 * capped at 100.
 */
export function engagementScore(signals: EngagementSignals): number {
  let score = 0;
  if (signals.registered) score += 25;
  if (signals.signedInLast30Days) score += 20;
  const finished = signals.remindersCompleted + signals.remindersFailed;
  if (finished > 0) score += 20 * (signals.remindersCompleted / finished);
  if (signals.remindersCompleted > 0) score += 15 * Math.min(1, signals.remindersConfirmed / signals.remindersCompleted);
  if (signals.campaignOpens > 0) score += 10;
  if (signals.campaignClicks > 0) score += 10;
  if ((signals.conversations ?? 0) > 0) score += CONVERSATION_POINTS;
  return Math.max(0, Math.min(100, Math.round(score)));
}
