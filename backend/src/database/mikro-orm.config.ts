import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';

import { ENTITIES, UNMANAGED_TABLES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { MIGRATIONS_SOURCE_DIR } from './paths.js';

export interface OrmSettings {
  url: string;
  poolMax?: number;
  debug?: boolean;
}

/** MikroORM options shared by the application, the CLI and the test harness. */
export function ormOptions(settings: OrmSettings): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: settings.url,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    pool: { min: 0, max: settings.poolMax ?? 10 },
    debug: settings.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
    schemaGenerator: { skipTables: UNMANAGED_TABLES },
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      pathTs: MIGRATIONS_SOURCE_DIR,
      path: MIGRATIONS_SOURCE_DIR,
      emit: 'ts',
      silent: true,
      snapshot: false,
      transactional: true,
      allOrNothing: true,
    },
  });
}
