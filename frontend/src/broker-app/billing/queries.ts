/** The Billing page's query keys, shared with the subscription banner every page shows. */
export const SUBSCRIPTION_KEY = ['billing', 'subscription'] as const;
export const MONTHLY_ANALYTICS_KEY = ['billing', 'analytics', 'monthly'] as const;
