import { join } from 'node:path';

import { REPO_ROOT } from '../config/config.js';

/** Where new migration files are written (source tree; they are compiled with the rest). */
export const MIGRATIONS_SOURCE_DIR = join(REPO_ROOT, 'backend/src/database/migrations');
