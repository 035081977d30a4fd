import type { Language } from '../i18n/translation.ts';
import { apiRequest, getOrNullOn401 } from '../lib/http.ts';
import type {
  Adherence,
  Caregiver,
  ClientReminder,
  ClientSettings,
  ClientSignedIn,
  ContactChange,
  DevOutboxMessage,
  HistoryItem,
  InviteLookup,
  Medication,
  MedicationInput,
  MyInfo,
  NewClientReminder,
  PasswordResetConfirm,
  PortalBranding,
  PublicAgency,
} from './types.ts';

/** Where the client signs out (a navigation, not a fetch). */
export const CLIENT_LOGOUT_URL = '/api/client/logout';
/** The history as a PDF (a download, not a fetch). */
export const ADHERENCE_PDF_URL = '/api/client/adherence.pdf';

/**
 * The client portal's calls. Errors are ApiError "{status}: {body}" (lib/http.ts); a signed-out
 * client gets null from the reads that allow it.
 */
export const portalApi = {
  lookupInvite: (token: string) => apiRequest<InviteLookup>(`/api/client/invite/${encodeURIComponent(token)}`),
  register: (input: { token: string; username: string; password: string }) =>
    apiRequest<ClientSignedIn>('/api/client/register', { method: 'POST', body: input }),
  login: (input: { username: string; password: string }) =>
    apiRequest<ClientSignedIn>('/api/client/login', { method: 'POST', body: input }),
  /** Forgot password: the same answer whether or not an account matches. */
  requestPasswordReset: (identifier: string) =>
    apiRequest<{ message: string }>('/api/client/password-reset', { method: 'POST', body: { identifier } }),
  confirmPasswordReset: (input: PasswordResetConfirm) =>
    apiRequest<ClientSignedIn>('/api/client/password-reset/confirm', { method: 'POST', body: input }),
  /** The agency a branded link names (404 for a slug that names none). */
  publicAgency: (slug: string) => apiRequest<PublicAgency>(`/api/public/agency/${encodeURIComponent(slug)}`),

  /** null when no client is signed in. */
  myInfo: () => getOrNullOn401<MyInfo>('/api/client-portal/my-info'),
  branding: () => apiRequest<PortalBranding>('/api/client-portal/branding'),

  addMedication: (input: MedicationInput) => apiRequest<Medication>('/api/client/medications', { method: 'POST', body: input }),
  updateMedication: (id: string, input: Partial<MedicationInput>) =>
    apiRequest<Medication>(`/api/client/medications/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  deleteMedication: (id: string) => apiRequest<unknown>(`/api/client/medications/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  reminders: () => apiRequest<ClientReminder[]>('/api/client/reminders'),
  addReminder: (input: NewClientReminder) => apiRequest<ClientReminder>('/api/client/reminders', { method: 'POST', body: input }),
  deleteReminder: (id: string) => apiRequest<unknown>(`/api/client/reminders/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  pauseReminder: (id: string) => apiRequest<ClientReminder>(`/api/client/reminders/${encodeURIComponent(id)}/pause`, { method: 'POST' }),
  resumeReminder: (id: string) => apiRequest<ClientReminder>(`/api/client/reminders/${encodeURIComponent(id)}/resume`, { method: 'POST' }),

  history: () => apiRequest<HistoryItem[]>('/api/client/history'),
  adherence: () => apiRequest<Adherence>('/api/client/adherence'),

  caregivers: () => apiRequest<Caregiver[]>('/api/client/caregivers'),
  addCaregiver: (input: { name: string; phone?: string; email?: string; relationship: string | null }) =>
    apiRequest<Caregiver>('/api/client/caregivers', { method: 'POST', body: input }),
  deleteCaregiver: (id: string) => apiRequest<unknown>(`/api/client/caregivers/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  settings: () => apiRequest<ClientSettings>('/api/client/settings'),
  updateSettings: (input: { timeZone?: string; marketing?: boolean; language?: Language }) =>
    apiRequest<ClientSettings>('/api/client/settings', { method: 'PUT', body: input }),

  /** The development outbox of the client and their caregivers (404 outside development). */
  devOutbox: () => apiRequest<DevOutboxMessage[]>('/api/client/dev/outbox'),
  answerDevOutbox: (id: string, answer: { action: 'reply' | 'key'; text?: string; digits?: string }) =>
    apiRequest<{ heard: string[] }>(`/api/client/dev/outbox/${encodeURIComponent(id)}/answer`, { method: 'POST', body: answer }),

  contactChanges: () => apiRequest<ContactChange[]>('/api/client/contact-changes'),
  decideContactChange: (id: string, decision: 'confirm' | 'refuse') =>
    apiRequest<ContactChange>(`/api/client/contact-changes/${encodeURIComponent(id)}/${decision}`, { method: 'POST' }),
};
