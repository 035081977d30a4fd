/** A complete, valid production environment for tests of configuration-dependent code. */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'app',
  OIDC_CLIENT_SECRET: 'secret',
  SESSION_SECRET: 'q8Jd93hfK2mZx0Lp4Vb7Nc1Rt6Yw5Ea9',
  PHI_ENCRYPTION_KEY: 'S8fM3b0mYt3Qx5wq7bq4v8o0mJmYl0d0bY7cQ0k9uZ0=',
  DATABASE_URL: 'postgres://app:secret@db.example.com:5432/carekeep',
} as const;
