import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { riskScore } from '../clients/risk.js';
import { RiskScoresRepository } from '../clients/risk-scores.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { RiskSignalsRepository } from './risk-signals.repository.js';

const BATCH = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the clients' at-risk scores current (docs/clients.md "At-risk score"): reads each active
 * client's signals in batches, scores them with `riskScore` and stores the result. Nightly for every
 * broker; `recompute` with a broker id does one broker's book.
 */
@Injectable()
export class RiskService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Risk');

  constructor(
    private readonly signals: RiskSignalsRepository,
    private readonly scores: RiskScoresRepository,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Scores every active client (of one broker when given) as of `now`; answers how many were scored and how many changed. */
  async recompute(now: Date, brokerId?: string): Promise<{ scored: number; changed: number }> {
    let afterId: string | null = null;
    let scored = 0;
    let changed = 0;
    for (;;) {
      const rows = await this.signals.batch(now, BATCH, afterId, brokerId);
      if (rows.length === 0) break;
      const updates = rows.map((row) => {
        const result = riskScore(
          {
            engagementNow: row.engagement_now,
            engagement30DaysAgo: row.engagement_then,
            unansweredLast30Days: row.unanswered,
            optedOutLast90Days: row.opted_out,
            lastThreeCampaignEmailsUnopened: row.last_three_unopened,
            daysSinceLastContact: Math.max(0, Math.floor((now.getTime() - row.last_contact_at.getTime()) / DAY_MS)),
            reachedRecently: row.reached_recently,
            planEffectiveDate: row.plan_effective_date,
          },
          now,
        );
        return { id: row.id, score: result.score, level: result.level, reasons: result.reasons };
      });
      changed += await this.scores.save(updates, now);
      scored += rows.length;
      afterId = rows[rows.length - 1].id;
      if (rows.length < BATCH) break;
    }
    return { scored, changed };
  }

  /**
   * Nightly at 03:45 UTC (after engagement's 03:30), once across the cluster. Where demo data is
   * seeded (a local start), the scores are also brought up to date at start, so the demo's at-risk
   * clients show on first start.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.database.seedDemoData) {
      const { scored } = await this.recompute(new Date());
      this.logger.log(`Scored ${scored} client(s) for risk at start (demo data)`);
    }
    await this.jobs.schedule('risk-nightly', '45 3 * * *', async () => {
      const { scored, changed } = await this.recompute(new Date());
      this.logger.log(`Scored ${scored} client(s) for risk, ${changed} changed`);
    });
  }
}
