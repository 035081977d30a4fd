import { fireEvent, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { ReactElement } from 'react';
import { AdminContext, type AuthProvider, type I18nProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';

import { type MemberRole, PERMISSIONS, ROLE_PERMISSIONS } from '../../../backend/src/members/roles.ts';
import { buildTheme } from './branding/theme.ts';
import { CURRENT_USER_KEY } from './providers/currentUser.ts';
import type { CareKeepDataProvider } from './providers/dataProvider.ts';
import { createQueryClient } from './providers/queryClient.ts';
import type { Client, CurrentUser } from './types.ts';

export const TEST_USER: CurrentUser = {
  id: 'u1',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana@example.com',
  profileImageUrl: null,
  isAdmin: false,
  primaryColor: '#2563eb',
  secondaryColor: '#10b981',
  logoUrl: null,
  agencyName: 'Whitfield Medicare Advisors',
  agencyPhone: '(555) 010-2000',
  sponsorMessage: 'Brought to you by Whitfield Medicare Advisors.',
  sponsorMessageEs: '',
  language: 'en',
  sellsPlans: false,
  agencyAddress: '410 Church Street, Nashville, TN 37219',
  tpmoAnswered: true,
  tpmoOrganizations: null,
  tpmoPlans: null,
  tpmoDisclaimer: null,
  subscriptionTier: 'flat',
  subscriptionStatus: 'trial',
  trialEndsAt: '2026-12-10T00:00:00.000Z',
  createdAt: '2026-11-10T00:00:00.000Z',
  member: {
    id: 'm1',
    role: 'owner',
    permissions: [...PERMISSIONS],
    seesOnlyAssigned: false,
  },
};

/** The test user signed in as another member of the agency, with that role's permissions. */
export function testUserAs(role: MemberRole, id = 'm2', seesOnlyAssigned = false): CurrentUser {
  return { ...TEST_USER, member: { id, role, permissions: [...ROLE_PERMISSIONS[role]], seesOnlyAssigned } };
}

const signedIn: AuthProvider = {
  login: async () => undefined,
  logout: async () => false,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 'u1', fullName: 'Dana Whitfield' }),
};

/** react-admin's default English messages, in a provider whose language no other render can change. */
const englishI18nProvider = () =>
  polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

/**
 * Renders a screen inside react-admin's context with a data provider whose methods the test
 * supplies (anything not supplied throws, so an unexpected call fails the test), the toasts, and a
 * router at `path`. The current user is preset (no /api/auth/user fetch). English unless an
 * i18nProvider says otherwise. Each render has a store and an English i18nProvider of its own:
 * react-admin's defaults are one of each for the whole module, which in a shared worker would carry
 * a language or a list's filters chosen in an earlier test or file into this one.
 */
export function renderWithAdmin(
  ui: ReactElement,
  options: { dataProvider?: Partial<CareKeepDataProvider>; path?: string; user?: CurrentUser | null; i18nProvider?: I18nProvider } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, options.user === undefined ? TEST_USER : options.user);
  const dataProvider = new Proxy(options.dataProvider ?? {}, {
    get(target, prop) {
      if (prop in target) return target[prop as keyof typeof target];
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      return () => Promise.reject(new Error(`unexpected dataProvider.${String(prop)} call`));
    },
  }) as CareKeepDataProvider;
  const result = render(
    // As the app's BrowserRouter (BrokerApp.tsx): each address change is drawn at once, not as a transition.
    <MemoryRouter initialEntries={[options.path ?? '/']} useTransitions={false}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={signedIn}
        i18nProvider={options.i18nProvider ?? englishI18nProvider()}
        queryClient={queryClient}
        store={memoryStore()}
        theme={buildTheme()}
      >
        {ui}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...result, queryClient, dataProvider };
}

/** Below 600 px (MUI's `sm`), as a phone's browser would answer media queries; undone by vi.unstubAllGlobals(). */
export function narrowScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/** A client as the API answers it, for tests: Margaret Okafor, active, nothing else known. */
export function testClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 'c1',
    firstName: 'Margaret',
    lastName: 'Okafor',
    email: 'margaret@example.com',
    assignedMemberId: null,
    phone: '+16155550142',
    isActive: true,
    engagementScore: 72,
    notes: null,
    inviteStatus: 'none',
    inviteToken: false,
    pendingContactChanges: [],
    zip: null,
    state: null,
    language: 'en',
    createdAt: '2026-11-03T15:30:00.000Z',
    dateOfBirth: null,
    planType: null,
    planEffectiveDate: null,
    carrier: null,
    departureReason: null,
    riskScore: 0,
    riskLevel: 'low',
    riskReasons: [],
    currentPolicy: null,
    ...overrides,
  };
}

/** Picks an option of an MUI select by the select's accessible name, as a person would with the mouse. */
export async function chooseOption(label: string, option: string): Promise<void> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
