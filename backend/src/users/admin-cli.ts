import 'reflect-metadata';

import { MikroORM } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';

import { AgencyLogRepository } from '../agency-log/agency-log.repository.js';
import { AgencyLogService } from '../agency-log/agency-log.service.js';
import { ConfigError, loadConfig, loadDotEnv } from '../config/config.js';
import { openDatabaseServer } from '../database/database-server.js';
import { EmbeddedPostgresError } from '../database/embedded-postgres.js';
import { ormOptions } from '../database/mikro-orm.config.js';
import { UsersService } from './users.service.js';

/** `npm run admin:grant -- EMAIL` / `npm run admin:revoke -- EMAIL`: isAdmin is set only here. */
async function main(command: string | undefined, email: string | undefined): Promise<number> {
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Usage: npm run admin:grant -- EMAIL   |   npm run admin:revoke -- EMAIL');
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const server = await openDatabaseServer(config);
  const orm = await MikroORM.init(ormOptions({ url: server.url }));
  try {
    await orm.migrator.up();
    const em = orm.em.fork();
    const users = await new UsersService(em, new AgencyLogService(em, new AgencyLogRepository(em))).setAdmin(email, command === 'grant');
    for (const user of users) {
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || '(no name yet)';
      console.log(`${command === 'grant' ? 'Granted' : 'Revoked'} admin: ${user.email} ${name} [${user.id}]`);
    }
    return 0;
  } catch (error) {
    if (error instanceof NotFoundException) {
      console.error(`${error.message}. The person must sign in once before they can be made an admin.`);
      return 1;
    }
    throw error;
  } finally {
    await orm.close();
    await server.stop();
  }
}

try {
  process.exitCode = await main(process.argv[2], process.argv[3]);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof EmbeddedPostgresError ? error.message : error);
  process.exitCode = 1;
}
