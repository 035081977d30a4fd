/** Nest injection token: the embedded development provider, or null when OIDC_ISSUER is set. */
export const DEV_PROVIDER = Symbol('DEV_PROVIDER');
