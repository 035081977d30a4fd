import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Link, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { testNow } from '../../testClock.ts';
import type { Retention } from '../clients/retentionTypes.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../providers/dataProvider.ts';
import { renderWithAdmin, testUserAs } from '../testUtils.tsx';
import type { Member } from '../types.ts';
import { AT_RISK_LINK, atRiskLink } from './AtRiskCard.tsx';
import { Dashboard } from './Dashboard.tsx';
import { engagementScore, normaliseStats, timeAgo } from './metrics.ts';
import { aepLine, retentionSummary } from './retention.ts';

beforeEach(() => localStorage.setItem('tour_completed_broker_welcome', 'true'));

const NOW = new Date('2026-11-21T12:00:00Z');

const month = (m: string, rate: number | null) => ({ month: m, startCount: rate === null ? 0 : 50, retained: 0, lost: 0, rate });
const RETENTION: Retention = {
  months: [
    month('2025-12', null),
    month('2026-01', 96),
    ...['02', '03', '04', '05', '06', '07', '08', '09'].map((m) => month(`2026-${m}`, 95)),
    month('2026-10', 88),
    month('2026-11', 93),
  ],
  aep: [
    { season: 2025, start: '2025-10-15', end: '2025-12-07', startCount: 40, retained: 36, rate: 91 },
    { season: 2026, start: '2026-10-15', end: '2026-12-07', startCount: 50, retained: 47, rate: 94 },
  ],
  lostByReason: { switched_agent: 3, moved: 1, deceased: 0, other: 2 },
  basis: 'clients',
  keptThroughAep: 47,
  lostToAnotherAgent: 3,
};

/** The dashboard's other calls, answered empty (an agency of one: no "My clients" choice). */
const QUIET = {
  getList: vi.fn().mockResolvedValue({ data: [], total: 0 }),
  getInboxThreads: vi.fn().mockResolvedValue([]),
  getMembers: vi.fn().mockResolvedValue([]),
  getRetention: vi
    .fn()
    .mockResolvedValue({ ...RETENTION, months: [], aep: [], lostByReason: { switched_agent: 0, moved: 0, deceased: 0, other: 0 } }),
};

describe('dashboard figures', () => {
  it('Engagement Score is round(retention × 0.85)', () => {
    expect(engagementScore(78)).toBe(66);
    expect(engagementScore(100)).toBe(85);
    expect(engagementScore(0)).toBe(0);
    expect(engagementScore(59)).toBe(50); // 50.15
    expect(engagementScore(null)).toBeNull();
  });

  it('counts missing numbers as 0', () => {
    expect(normaliseStats({ totalClients: 4 })).toEqual({
      totalClients: 4,
      activeClients: 0,
      retentionRate: 0,
      callCompletionRate: 0,
    });
    expect(normaliseStats(null).totalClients).toBe(0);
  });

  it('shows no retention rate when the server says there is not enough history: its 0 is not 0 %', () => {
    const young = { totalClients: 3, activeClients: 3, retentionRate: 0, retentionAvailable: false, callCompletionRate: 0 };
    expect(normaliseStats(young).retentionRate).toBeNull();
    expect(normaliseStats({ ...young, retentionAvailable: true }).retentionRate).toBe(0);
  });

  it('says how long ago like 1h ago', () => {
    expect(timeAgo('2026-11-21T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-21T11:45:00Z', NOW)).toBe('15m ago');
    expect(timeAgo('2026-11-21T11:00:00Z', NOW)).toBe('1h ago');
    expect(timeAgo('2026-11-21T09:00:00Z', NOW)).toBe('3h ago');
    expect(timeAgo('2026-11-19T12:00:00Z', NOW)).toBe('2d ago');
  });
});

describe('the dashboard', () => {
  it('shows the four cards with the spec captions, recent activity and quick actions', async () => {
    const getStats = vi
      .fn()
      .mockResolvedValue({ totalClients: 25, activeClients: 20, retentionRate: 78, retentionAvailable: true, callCompletionRate: 91 });
    const getActivity = vi.fn().mockResolvedValue([
      {
        id: 'a',
        kind: 'reminder_text',
        title: 'Reminder text sent',
        clientName: 'Ruth Alvarez',
        occurredAt: new Date(testNow().getTime() - 3_600_000).toISOString(),
      },
      {
        id: 'b',
        kind: 'campaign_opened',
        title: 'Client engagement recorded',
        clientName: null,
        occurredAt: new Date(testNow().getTime() - 7_300_000).toISOString(),
        detail: 'Opened “Fall news”',
      },
      {
        id: 'c',
        kind: 'campaign_sent',
        title: 'Campaign sent',
        clientName: null,
        occurredAt: new Date(testNow().getTime() - 3 * 86_400_000).toISOString(),
        detail: '“Fall news” to 12 clients',
      },
    ]);
    renderWithAdmin(<Dashboard />, { dataProvider: { getStats, getActivity, ...QUIET } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Track your client retention and engagement metrics')).toBeTruthy();
    const card = (name: string) => within(screen.getByRole('region', { name }));
    expect(card('Total Clients').getByText('25')).toBeTruthy();
    expect(card('Total Clients').getByText('20 active this month')).toBeTruthy();
    expect(card('Retention Rate').getByText('78%')).toBeTruthy();
    expect(card('Retention Rate').getByText('vs. industry avg. 65%')).toBeTruthy();
    expect(card('Call Completion').getByText('91%')).toBeTruthy();
    expect(card('Call Completion').getByText('medication reminders')).toBeTruthy();
    expect(card('Engagement Score').getByText('66')).toBeTruthy();
    expect(card('Engagement Score').getByText('out of 100')).toBeTruthy();

    const activity = await screen.findByRole('list', { name: 'Recent Activity' });
    expect(within(activity).getByText('Reminder text sent')).toBeTruthy();
    expect(within(activity).getByText('Ruth Alvarez')).toBeTruthy();
    expect(within(activity).getByText('1h ago')).toBeTruthy();
    expect(within(activity).getByText('Client engagement recorded')).toBeTruthy();
    expect(within(activity).getByText('Opened “Fall news”')).toBeTruthy();
    expect(within(activity).getByText('2h ago')).toBeTruthy();
    expect(within(activity).getByText('Campaign sent')).toBeTruthy();
    expect(within(activity).getByText('“Fall news” to 12 clients')).toBeTruthy();
    expect(within(activity).getByText('3d ago')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Add New Client' }).getAttribute('href')).toBe('/clients');
    expect(screen.getByRole('link', { name: 'Schedule Reminder' }).getAttribute('href')).toBe('/reminders');
    expect(screen.getByRole('link', { name: 'Send Campaign' }).getAttribute('href')).toBe('/campaigns');
  });

  it('shows zeros and an empty activity text for a new broker', async () => {
    renderWithAdmin(<Dashboard />, {
      dataProvider: { getStats: vi.fn().mockResolvedValue({}), getActivity: vi.fn().mockResolvedValue([]), ...QUIET },
    });
    expect(await screen.findByText('0 active this month')).toBeTruthy();
    expect(await screen.findByText(/No activity yet/)).toBeTruthy();
  });

  it('shows — and “Not enough history yet” for retention and engagement without history, never 100 % and 85', async () => {
    const getStats = vi.fn().mockResolvedValue({
      totalClients: 3,
      activeClients: 3,
      retentionRate: 0,
      retentionAvailable: false,
      callCompletionRate: 0,
    });
    renderWithAdmin(<Dashboard />, { dataProvider: { getStats, getActivity: vi.fn().mockResolvedValue([]), ...QUIET } });
    const card = async (name: string) => within(await screen.findByRole('region', { name }));
    for (const name of ['Retention Rate', 'Engagement Score']) {
      expect((await card(name)).getByTestId('stat-value').textContent).toBe('—');
      expect((await card(name)).getByText('Not enough history yet')).toBeTruthy();
    }
    expect((await card('Retention Rate')).queryByText('vs. industry avg. 65%')).toBeNull();
    expect((await card('Engagement Score')).queryByText('out of 100')).toBeNull();
    expect((await card('Total Clients')).getByText('3')).toBeTruthy();
    expect(screen.queryByText('100%')).toBeNull();
    expect(screen.queryByText('85')).toBeNull();
  });
});

describe('retention in words', () => {
  it('sums up the 12 months for a screen reader: first and last month with a figure, and the lowest', () => {
    expect(retentionSummary(RETENTION.months)).toBe(
      'Clients kept each month went from 96% in Jan 2026 to 93% in Nov 2026; the lowest was 88% in Oct 2026.',
    );
    expect(retentionSummary([month('2026-11', null)])).toMatch(/^No retention figures yet/);
  });

  it('says the AEP in progress "so far", the latest first', () => {
    expect(aepLine(RETENTION.aep, '2026-11-26')).toBe('AEP 2026 so far: 94% · AEP 2025: 91%');
    expect(aepLine(RETENTION.aep, '2026-12-20')).toBe('AEP 2026: 94% · AEP 2025: 91%');
    expect(aepLine([{ ...RETENTION.aep[0], rate: null }], '2026-01-05')).toBe('AEP 2025: —');
  });
});

describe('the dashboard’s clients at risk and retention', () => {
  const atRisk = [
    {
      id: 'c1',
      firstName: 'Ruth',
      lastName: 'Alvarez',
      phone: '+16155550142',
      riskLevel: 'high',
      riskScore: 88,
      riskReasons: ['unanswered_messages', 'engagement_falling', 'opted_out'],
    },
    { id: 'c2', firstName: 'Walter', lastName: 'Briggs', phone: '+13055550100', riskLevel: 'high', riskScore: 64, riskReasons: [] },
  ];

  it('lists the active clients at high risk, highest first, with why, Call, Text and Add to campaign', async () => {
    const getList = vi.fn((resource: string) =>
      Promise.resolve(resource === 'clients' ? { data: atRisk, total: 2 } : { data: [], total: 0 }),
    ) as unknown as CareKeepDataProvider['getList'];
    renderWithAdmin(<Dashboard />, {
      dataProvider: {
        getStats: vi.fn().mockResolvedValue({}),
        getActivity: vi.fn().mockResolvedValue([]),
        getRetention: QUIET.getRetention,
        getMembers: QUIET.getMembers,
        getList,
      },
    });
    const list = await screen.findByRole('list', { name: 'At risk this week' });
    expect(getList).toHaveBeenCalledWith(
      'clients',
      expect.objectContaining({
        filter: { riskLevel: 'high', isActive: true },
        sort: { field: 'riskScore', order: 'DESC' },
        pagination: { page: 1, perPage: 5 },
      }),
    );
    const ruth = within(list).getByRole('link', { name: 'Ruth Alvarez' });
    expect(ruth.getAttribute('href')).toBe('/clients/c1');
    // The top two reasons, in words.
    expect(within(list).getByText('Calls or texts went unanswered · Engagement is falling')).toBeTruthy();
    expect(within(list).queryByText(/Opted out/)).toBeNull();
    expect(within(list).getByRole('link', { name: 'Call Ruth Alvarez' }).getAttribute('href')).toBe('tel:+16155550142');
    expect(within(list).getByRole('link', { name: 'Text Walter Briggs' }).getAttribute('href')).toBe('sms:+13055550100');
    expect(screen.getByRole('link', { name: 'See all clients at high risk' }).getAttribute('href')).toBe(AT_RISK_LINK);
    expect(JSON.parse(new URL(AT_RISK_LINK, 'http://app.test').searchParams.get('filter')!)).toEqual({ riskLevel: 'high' });

    fireEvent.click(within(list).getByRole('button', { name: 'Add to campaign: Ruth Alvarez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 1 client to a campaign' });
    expect(await within(dialog).findByText(/start a new one for these clients/)).toBeTruthy();
  });

  it('names the text conversations waiting past the promise of a reply, the longest-waiting first, and links to the overdue filter', async () => {
    const waiting = (id: string, clientName: string | null, since: string) => ({
      id,
      phone: '+16155550191',
      clientName,
      needsReplySince: since,
    });
    const getInboxThreads = vi
      .fn()
      .mockResolvedValue([waiting('t2', 'Rosa Diaz', '2026-11-25T15:00:00.000Z'), waiting('t1', null, '2026-11-24T15:00:00.000Z')]);
    renderWithAdmin(<Dashboard />, {
      dataProvider: { getStats: vi.fn().mockResolvedValue({}), getActivity: vi.fn().mockResolvedValue([]), ...QUIET, getInboxThreads },
    });
    const card = await screen.findByRole('region', { name: 'Texts waiting past your promise' });
    expect(getInboxThreads).toHaveBeenCalledWith({ overdue: true });
    expect(await within(card).findByText('2 conversations have waited longer than your promise of a reply.')).toBeTruthy();
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['(615) 555-0191', '/inbox/t1'],
      ['Rosa Diaz', '/inbox/t2'],
      ['Open the overdue texts', '/inbox?filter=overdue'],
    ]);
  });

  it('says when no client is at high risk', async () => {
    renderWithAdmin(<Dashboard />, {
      dataProvider: { getStats: vi.fn().mockResolvedValue({}), getActivity: vi.fn().mockResolvedValue([]), ...QUIET },
    });
    expect(await screen.findByText('No client is at high risk this week.')).toBeTruthy();
  });

  it('shows the retention chart with its summary, the AEP figures and the clients lost by reason', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T15:00:00') });
    try {
      renderWithAdmin(<Dashboard />, {
        dataProvider: {
          getStats: vi.fn().mockResolvedValue({}),
          getActivity: vi.fn().mockResolvedValue([]),
          getList: QUIET.getList,
          getMembers: QUIET.getMembers,
          getRetention: vi.fn().mockResolvedValue(RETENTION),
        },
      });
      const card = within(await screen.findByRole('region', { name: 'Retention' }));
      expect((await card.findByTestId('retention-chart-summary')).textContent).toBe(
        'Clients kept each month went from 96% in Jan 2026 to 93% in Nov 2026; the lowest was 88% in Oct 2026.',
      );
      expect(card.getByRole('img', { name: 'Retention by month, last 12 months' })).toBeTruthy();
      expect(card.getByText('AEP 2026 so far: 94% · AEP 2025: 91%')).toBeTruthy();
      const lost = within(card.getByRole('list', { name: 'Lost in the last 12 months' }));
      expect(lost.getByText('Switched to another agent').nextSibling?.textContent).toBe('3');
      expect(lost.getByText('Passed away').nextSibling?.textContent).toBe('0');
      expect(card.getByTestId('retention-basis').textContent).toBe(
        'Measured on your clients: a client active when a month or an AEP began is kept while still active at its end.',
      );
      expect(card.queryByTestId('retention-policies')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('says when the figures are measured on policies, with the policies kept through the AEP and lost to another agent', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T15:00:00') });
    try {
      renderWithAdmin(<Dashboard />, {
        dataProvider: {
          getStats: vi.fn().mockResolvedValue({}),
          getActivity: vi.fn().mockResolvedValue([]),
          getList: QUIET.getList,
          getMembers: QUIET.getMembers,
          getRetention: vi.fn().mockResolvedValue({ ...RETENTION, basis: 'policies', keptThroughAep: 47, lostToAnotherAgent: 1 }),
        },
      });
      const card = within(await screen.findByRole('region', { name: 'Retention' }));
      expect((await card.findByTestId('retention-basis')).textContent).toBe(
        'Measured on your policies: a policy in force when a month or an AEP began is kept unless it ended by then (a change of plan with you is kept).',
      );
      expect((await card.findByTestId('retention-chart-summary')).textContent).toBe(
        'Policies kept each month went from 96% in Jan 2026 to 93% in Nov 2026; the lowest was 88% in Oct 2026.',
      );
      const policies = within(card.getByTestId('retention-policies'));
      expect(policies.getByText('47 policies kept through AEP 2026 so far')).toBeTruthy();
      expect(policies.getByText('1 policy lost to another agent in the last 12 months')).toBeTruthy();
      expect(card.getByRole('list', { name: 'Policies ended in the last 12 months' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('says the basis in Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    try {
      renderWithAdmin(<Dashboard />, {
        dataProvider: {
          getStats: vi.fn().mockResolvedValue({}),
          getActivity: vi.fn().mockResolvedValue([]),
          getList: QUIET.getList,
          getMembers: QUIET.getMembers,
          getRetention: vi.fn().mockResolvedValue({ ...RETENTION, basis: 'policies', keptThroughAep: 1, lostToAnotherAgent: 2 }),
        },
        i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
      });
      const card = within(await screen.findByRole('region', { name: 'Retención' }));
      expect((await card.findByTestId('retention-basis')).textContent).toMatch(/^Medida sobre sus pólizas/);
      expect(card.getByText('2 pólizas perdidas con otro agente en los últimos 12 meses')).toBeTruthy();
      expect(card.getByText(/^1 póliza conservada en el AEP 2026/)).toBeTruthy();
    } finally {
      setBrokerLanguage('en');
    }
  });
});

describe('the dashboard in Spanish', () => {
  it('names each recent event in Spanish, whatever words the server sent', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    try {
      const at = new Date(testNow().getTime() - 3_600_000).toISOString();
      const getActivity = vi.fn().mockResolvedValue([
        { id: 'a', kind: 'invitation_sent', title: 'Invitation sent', clientName: 'Ruth Alvarez', occurredAt: at },
        { id: 'b', kind: 'client_added', title: 'Client added', clientName: 'Ana Ruiz', occurredAt: at },
      ]);
      renderWithAdmin(<Dashboard />, {
        dataProvider: { getStats: vi.fn().mockResolvedValue({}), getActivity, ...QUIET },
        i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
      });
      const activity = within(await screen.findByRole('list', { name: 'Actividad reciente' }));
      expect(activity.getByText('Invitación enviada')).toBeTruthy();
      expect(activity.getByText('Cliente agregado')).toBeTruthy();
      expect(activity.queryByText('Invitation sent')).toBeNull();
    } finally {
      setBrokerLanguage('en');
    }
  });
});

describe('the dashboard for my clients or the agency’s', () => {
  const member = (id: string, firstName: string, status: Member['status'] = 'active'): Member => ({
    id,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName: 'Whitfield',
    role: id === 'm1' ? 'owner' : 'agent',
    status,
    clients: 10,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: null,
    invitationExpiresAt: null,
  });
  const TEAM = [member('m1', 'Dana'), member('m2', 'Luis')];
  const figures = (totalClients: number) => ({
    totalClients,
    activeClients: totalClients,
    retentionRate: 80,
    retentionAvailable: true,
    callCompletionRate: 50,
  });
  const at = () => new Date(testNow().getTime() - 3_600_000).toISOString();

  /** The dashboard of an agency of `team`: the agency's figures (25 clients, Ruth's call) or the member's own (9, Ana's). */
  function renderDashboard(options: { team?: Member[]; user?: ReturnType<typeof testUserAs>; spanish?: boolean } = {}) {
    const getStats = vi.fn((scope?: string) => Promise.resolve(figures(scope === 'mine' ? 9 : 25)));
    const getActivity = vi.fn((_limit: number, scope?: string) =>
      Promise.resolve([
        {
          id: 'a',
          kind: 'reminder_call',
          title: 'Reminder call made',
          clientName: scope === 'mine' ? 'Ana Ruiz' : 'Ruth Alvarez',
          occurredAt: at(),
        },
      ]),
    );
    const getRetention = vi.fn(QUIET.getRetention);
    const getList = vi.fn().mockResolvedValue({ data: [], total: 0 });
    const getMembers = vi.fn().mockResolvedValue(options.team ?? TEAM);
    const view = renderWithAdmin(
      <Routes>
        <Route path="/" element={<Dashboard />} />
        <Route path="/clients" element={<Link to="/">Back to the dashboard</Link>} />
      </Routes>,
      {
        dataProvider: { getStats, getActivity, getRetention, getList, getMembers } as unknown as Partial<CareKeepDataProvider>,
        ...(options.user && { user: options.user }),
        ...(options.spanish && { i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es') }),
      },
    );
    return { ...view, getStats, getActivity, getRetention, getList };
  }
  const totalClients = async () =>
    within(await screen.findByRole('region', { name: 'Total Clients' })).getByTestId('stat-value').textContent;
  const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

  it('shows the agency’s figures first and, with My clients, only the member’s own everywhere on the page', async () => {
    const { getStats, getActivity, getRetention, getList } = renderDashboard();
    const choice = await screen.findByRole('group', { name: 'Clients shown' });
    expect(pressed('The agency’s')).toBe('true');
    expect(await totalClients()).toBe('25');
    expect(await screen.findByText('Ruth Alvarez')).toBeTruthy();

    fireEvent.click(within(choice).getByRole('button', { name: 'My clients' }));
    await waitFor(async () => expect(await totalClients()).toBe('9'));
    expect(pressed('My clients')).toBe('true');
    expect(await screen.findByText('Ana Ruiz')).toBeTruthy();
    expect(screen.queryByText('Ruth Alvarez')).toBeNull();
    expect(getStats).toHaveBeenLastCalledWith('mine');
    expect(getActivity).toHaveBeenLastCalledWith(5, 'mine');
    expect(getRetention).toHaveBeenLastCalledWith('mine');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'clients',
        expect.objectContaining({ filter: { riskLevel: 'high', isActive: true, assignedTo: 'm1' } }),
      ),
    );
    const seeAll = screen.getByRole('link', { name: 'See all clients at high risk' }).getAttribute('href')!;
    expect(seeAll).toBe(atRiskLink('m1'));
    expect(JSON.parse(new URL(seeAll, 'http://app.test').searchParams.get('filter')!)).toEqual({ riskLevel: 'high', assignedTo: 'm1' });
  });

  it('remembers the choice when the member comes back to the dashboard', async () => {
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'My clients' }));
    await waitFor(async () => expect(await totalClients()).toBe('9'));
    fireEvent.click(screen.getByRole('link', { name: 'Add New Client' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Back to the dashboard' }));
    expect(await totalClients()).toBe('9');
    expect(pressed('My clients')).toBe('true');
  });

  it('offers no choice in an agency of one (an invitation not yet accepted does not count)', async () => {
    const { getStats } = renderDashboard({ team: [member('m1', 'Dana'), member('m3', 'Ana', 'invited')] });
    expect(await totalClients()).toBe('25');
    expect(getStats).toHaveBeenCalledWith('agency');
    expect(screen.queryByRole('group', { name: 'Clients shown' })).toBeNull();
  });

  it('tells an agent who sees only their own clients that the figures are theirs, with no choice to make', async () => {
    const { getList } = renderDashboard({ user: testUserAs('agent', 'm2', true) });
    expect(await screen.findByText('Your clients: the figures are for the clients assigned to you.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Clients shown' })).toBeNull();
    // The server keeps them to their own clients; the list needs no filter of theirs.
    await waitFor(() =>
      expect(getList).toHaveBeenCalledWith('clients', expect.objectContaining({ filter: { riskLevel: 'high', isActive: true } })),
    );
    expect(screen.getByRole('link', { name: 'See all clients at high risk' }).getAttribute('href')).toBe(AT_RISK_LINK);
  });

  it('offers the choice in Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    try {
      renderDashboard({ spanish: true });
      const choice = await screen.findByRole('group', { name: 'Clientes que se muestran' });
      expect(within(choice).getByRole('button', { name: 'Mis clientes' })).toBeTruthy();
      expect(within(choice).getByRole('button', { name: 'Toda la agencia' }).getAttribute('aria-pressed')).toBe('true');
    } finally {
      setBrokerLanguage('en');
    }
  });

  it('tells an agent kept to their own clients so in Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    try {
      renderDashboard({ spanish: true, user: testUserAs('agent', 'm2', true) });
      expect(await screen.findByText('Sus clientes: las cifras son de los clientes que tiene asignados.')).toBeTruthy();
    } finally {
      setBrokerLanguage('en');
    }
  });
});
