import { engagementScore, NO_SIGNALS } from './engagement.js';

describe('engagementScore', () => {
  it.each([
    [{}, 0],
    [{ registered: true }, 25],
    [{ registered: true, signedInLast30Days: true }, 45],
    // Reached three times out of four: 15; none confirmed.
    [{ remindersCompleted: 3, remindersFailed: 1 }, 15],
    // Reached and confirmed every time: the reminders' full 35.
    [{ remindersCompleted: 4, remindersConfirmed: 4 }, 35],
    // Reached 3 of 4, confirmed 1 of those 3: 15 + 5.
    [{ remindersCompleted: 3, remindersFailed: 1, remindersConfirmed: 1 }, 20],
    [{ remindersCompleted: 0, remindersFailed: 4 }, 0],
    [{ campaignOpens: 2 }, 10],
    [{ campaignOpens: 1, campaignClicks: 1 }, 20],
    [{ registered: true, signedInLast30Days: true, remindersCompleted: 10, campaignOpens: 1, campaignClicks: 3 }, 85],
    [
      { registered: true, signedInLast30Days: true, remindersCompleted: 10, remindersConfirmed: 10, campaignOpens: 1, campaignClicks: 3 },
      100,
    ],
  ])('scores %j as %i', (signals, score) => {
    expect(engagementScore({ ...NO_SIGNALS, ...signals })).toBe(score);
  });
});
