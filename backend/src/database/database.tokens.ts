/** Nest injection token: the resolved database URL (external, or the embedded server's). */
export const DATABASE_URL = Symbol('DATABASE_URL');
