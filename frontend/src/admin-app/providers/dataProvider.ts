import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, useDataProvider } from 'react-admin';
import { uploadWithProgress } from '../../lib/http.ts';
import type {
  ActivityItem,
  BillingChange,
  BrandingInput,
  ClientUsage,
  CurrentUser,
  ImportResult,
  InviteResult,
  MonthlyAnalytics,
  Stats,
  Subscription,
  SubscriptionTier,
} from '../types.ts';
import { callJson, httpClient } from './httpClient.ts';

const base = simpleRestProvider('/api', httpClient);

/**
 * The app's data provider: react-admin's simple REST protocol for the lists (clients, reminders,
 * campaigns, resources, the development outbox) plus the product's non-CRUD calls as extra
 * methods, so every call goes one way and a 401 anywhere signs the broker out the same way.
 */
export const dataProvider = {
  ...base,

  getCurrentUser: () => callJson<CurrentUser>('/api/auth/user'),
  getStats: () => callJson<Stats>('/api/stats'),
  getActivity: (limit = 3) => callJson<ActivityItem[]>(`/api/activity?limit=${limit}`),

  getClientUsage: () => callJson<ClientUsage>('/api/clients/usage'),
  uploadClients: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return uploadWithProgress<ImportResult>('/api/clients/upload', form, onProgress);
  },
  inviteClient: (id: string) => callJson<InviteResult>(`/api/clients/${encodeURIComponent(id)}/invite`, 'POST'),
  enableOverage: () => callJson<unknown>('/api/billing/overage/enable', 'POST'),
  switchTier: (newTier: 'pmpm') => callJson<unknown>('/api/billing/tier/switch', 'POST', { newTier }),

  executeReminders: () => callJson<{ count: number }>('/api/reminders/execute', 'POST'),
  sendCampaign: (id: string) => callJson<{ count: number }>(`/api/campaigns/${encodeURIComponent(id)}/send`, 'POST'),

  getSubscription: () => callJson<Subscription>('/api/subscription'),
  changeSubscription: (subscriptionTier: SubscriptionTier) =>
    callJson<BillingChange>('/api/subscription', 'POST', { subscriptionTier }),
  openBillingPortal: () => callJson<{ url: string }>('/api/billing/portal', 'POST'),
  getMonthlyAnalytics: () => callJson<MonthlyAnalytics[]>('/api/analytics/monthly'),

  updateBranding: (input: BrandingInput) => callJson<CurrentUser>('/api/branding', 'PUT', input),
  uploadLogo: (file: File, onProgress: (percent: number) => void = () => undefined) => {
    const form = new FormData();
    form.append('logo', file);
    return uploadWithProgress<{ logoUrl: string }>('/api/branding/logo', form, onProgress);
  },
} satisfies DataProvider;

export type CareKeepDataProvider = typeof dataProvider;

/** The data provider with the product's extra methods, wrapped by react-admin (401 handling). */
export function useCareKeepDataProvider(): CareKeepDataProvider {
  return useDataProvider<CareKeepDataProvider>();
}
