/**
 * Rate limits that tests making many requests from 127.0.0.1 (sign-ins, listings in loops) never
 * meet; the rate-limit tests ask for the real ones.
 */
export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000000',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000000',
  RATE_LIMIT_PUBLIC_PER_ADDRESS: '1000000',
  RATE_LIMIT_TRACKING_PER_ADDRESS: '1000000',
  RATE_LIMIT_API_PER_USER: '1000000',
  RATE_LIMIT_API_PER_TOKEN: '1000000',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '1000000',
};
