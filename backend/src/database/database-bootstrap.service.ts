import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { resolvePhiKey, usePhiKeys } from '../privacy/phi-crypto.js';
import { DATABASE_URL } from './database.tokens.js';
import { withMigrationLock } from './migration-lock.js';
import { seedDemoData } from './seeders/demo-data.seeder.js';

/** Brings the database to the current schema (and demo data on a first local start). */
@Injectable()
export class DatabaseBootstrapService {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  async prepare(): Promise<void> {
    // MikroORM connects lazily; connecting here makes a bad server fail the start, not a request.
    await this.orm.connect();
    const applied = await withMigrationLock(this.databaseUrl, () => this.orm.migrator.up());
    if (applied.length > 0) this.logger.log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
    if (this.config.database.seedDemoData) {
      // The demo's own medication reminders are encrypted like any: the keys before the modules start.
      usePhiKeys(await resolvePhiKey(this.config), this.config.phi.oldKeys);
      const seeded = await seedDemoData(this.orm.em.fork());
      if (seeded) this.logger.log('Seeded demo data into an empty database');
    }
  }
}
