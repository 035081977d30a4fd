import { engagementScore, NO_SIGNALS } from './engagement.js';

describe('engagementScore', () => {
  it.each([
    [{}, 0],
    [{ registered: true }, 25],
    [{ registered: true, signedInLast30Days: true }, 45],
    [{ remindersCompleted: 3, remindersFailed: 1 }, 26],
    [{ remindersCompleted: 0, remindersFailed: 4 }, 0],
    [{ campaignOpens: 2 }, 10],
    [{ campaignOpens: 1, campaignClicks: 1 }, 20],
    [{ registered: true, signedInLast30Days: true, remindersCompleted: 10, campaignOpens: 1, campaignClicks: 3 }, 100],
  ])('scores %j as %i', (signals, score) => {
    expect(engagementScore({ ...NO_SIGNALS, ...signals })).toBe(score);
  });
});
