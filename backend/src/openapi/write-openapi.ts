import 'reflect-metadata';

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from '../app.module.js';
import { configureApp } from '../app.setup.js';
import { loadConfig, REPO_ROOT } from '../config/config.js';
import { buildOpenApiDocument, serializeOpenApi } from './openapi.js';

export const OPENAPI_FILE = join(REPO_ROOT, 'openapi.json');

/**
 * Builds the contract from the application's routes without a database (the ORM connects lazily
 * and nothing here queries; the app is not initialised, so no module starts background work such
 * as the job engine's workers), then writes openapi.json, or with --check fails when it is stale.
 */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'openapi-generation-only-not-a-real-session-key',
    PHI_ENCRYPTION_KEY: 'b3BlbmFwaS1nZW5lcmF0aW9uLW9ubHktbm90LXJlYWw=',
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, 'postgres://openapi@127.0.0.1:1/openapi'), {
    logger: false,
  });
  await configureApp(app, config);
  try {
    return serializeOpenApi(buildOpenApiDocument(app));
  } finally {
    await app.close();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const generated = await generateOpenApi();
  if (process.argv.includes('--check')) {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    if (committed !== generated) {
      process.stderr.write('openapi.json is not what the code generates: run `npm run openapi` and commit it.\n');
      process.exit(1);
    }
    process.stdout.write('openapi.json is current.\n');
  } else {
    await writeFile(OPENAPI_FILE, generated);
    process.stdout.write(`Wrote ${OPENAPI_FILE}\n`);
  }
}
