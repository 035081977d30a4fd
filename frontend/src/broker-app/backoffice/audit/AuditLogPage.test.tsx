import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setBrokerLanguage } from '../../i18n/current.ts';
import { loadBrokerCatalogue } from '../../i18n/useBrokerTexts.ts';
import { type CareKeepDataProvider, dataProvider as realDataProvider } from '../../providers/dataProvider.ts';
import { chooseOption, narrowScreen, renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { AdminBrokerRow, AuditEntry, AuditPerson } from '../../types.ts';
import { AuditLogPage } from './AuditLogPage.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true, email: 'alex@carekeep.example' };
const ALEX: AuditPerson = { id: 'a1', name: 'Alex Morgan', email: 'alex@carekeep.example' };
const SAM: AuditPerson = { id: 'a2', name: null, email: 'sam@carekeep.example' };

const TRIAL: AuditEntry = {
  id: 'e1',
  createdAt: '2026-11-20T15:42:00.000Z',
  admin: ALEX,
  action: 'trial_extended',
  targetType: 'broker',
  targetId: 'b1',
  broker: { id: 'b1', name: 'Rita Trial', email: 'rita@agency.example' },
  notes: 'Extended by 14 days',
  before: { trialEndsAt: '2026-12-01T12:00:00.000Z' },
  after: { trialEndsAt: '2026-12-15T12:00:00.000Z' },
};
const SUBSCRIPTION: AuditEntry = {
  id: 'e2',
  createdAt: '2026-11-19T10:00:00.000Z',
  admin: SAM,
  action: 'subscription_updated',
  targetType: 'broker',
  targetId: 'b2',
  broker: { id: 'b2', name: null, email: 'paul@agency.example' },
  notes: 'Changed subscriptionTier',
  before: { subscriptionTier: 'flat', subscriptionStatus: 'active' },
  after: { subscriptionTier: 'pmpm', subscriptionStatus: 'active' },
};
const RESOURCE: AuditEntry = {
  id: 'e3',
  createdAt: '2026-11-18T09:00:00.000Z',
  admin: ALEX,
  action: 'resource_made_public',
  targetType: 'resource',
  targetId: 'r1',
  broker: null,
  notes: null,
  before: { title: 'Enrollment checklist', isPublic: false },
  after: { title: 'Enrollment checklist', isPublic: true },
};
const ROWS = [TRIAL, SUBSCRIPTION, RESOURCE];

const BROKER_ROW: AdminBrokerRow = {
  id: 'b1',
  broker: {
    id: 'b1',
    firstName: 'Rita',
    lastName: 'Trial',
    email: 'rita@agency.example',
    subscriptionTier: 'flat',
    subscriptionStatus: 'trial',
  } as AdminBrokerRow['broker'],
  clientCount: 3,
  monthlyRevenue: 0,
  lastActivity: null,
};

type Call = [string, { filter: Record<string, unknown>; sort: unknown; pagination: unknown }];

function renderPage(options: { path?: string; rows?: AuditEntry[]; before?: React.ReactNode } = {}) {
  const rows = options.rows ?? ROWS;
  const getList = vi.fn((resource: string) =>
    Promise.resolve(resource === 'audit' ? { data: rows, total: rows.length } : { data: [BROKER_ROW], total: 1 }),
  );
  const getMany = vi.fn(() => Promise.resolve({ data: [BROKER_ROW] }));
  const getAuditAdmins = vi.fn(() => Promise.resolve([ALEX, SAM]));
  const dataProvider = { getList, getMany, getAuditAdmins } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(
    <>
      {options.before}
      <Routes>
        <Route path="/admin/audit" element={<AuditLogPage />} />
        <Route path="/admin/brokers/:id" element={<p>Broker detail</p>} />
      </Routes>
    </>,
    { dataProvider, path: options.path ?? '/admin/audit', user: ADMIN },
  );
  const auditCalls = () => (getList.mock.calls as unknown as Call[]).filter(([resource]) => resource === 'audit');
  const lastFilter = () => auditCalls().at(-1)?.[1].filter;
  return { ...result, getList, getMany, getAuditAdmins, auditCalls, lastFilter };
}

function Spanish() {
  const [, setLocale] = useLocaleState();
  useEffect(() => setLocale('es'), [setLocale]);
  return null;
}

const exportHref = () => screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setBrokerLanguage('en');
  localStorage.clear();
});

describe('the audit log', () => {
  it('lists the entries newest first in the table: when, admin, action, broker, change and notes in words', async () => {
    const { auditCalls } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await within(table).findByText('Trial extended');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Admin', 'Action', 'Broker', 'Change', 'Notes']);
    expect(auditCalls()[0][1]).toMatchObject({ sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });

    const [, trial, subscription, resource] = within(table).getAllByRole('row');
    expect(within(trial).getByText('Alex Morgan')).toBeTruthy();
    expect(within(trial).getByText('alex@carekeep.example')).toBeTruthy();
    expect(within(trial).getByRole('link', { name: 'Rita Trial' }).getAttribute('href')).toBe('/admin/brokers/b1');
    // The broker timeline's words for the field and its values.
    expect(within(trial).getByText('Trial ends:').parentElement?.textContent).toBe('Trial ends: Dec 01, 2026 → Dec 15, 2026');
    expect(within(trial).getByText('Extended by 14 days')).toBeTruthy();
    expect(within(trial).getByText(/^Nov 20, 2026 at/)).toBeTruthy();

    expect(within(subscription).getByText('Subscription updated')).toBeTruthy();
    expect(within(subscription).getByText('sam@carekeep.example')).toBeTruthy();
    expect(within(subscription).getByRole('link', { name: 'paul@agency.example' }).getAttribute('href')).toBe('/admin/brokers/b2');
    expect(within(subscription).getByText('Subscription tier:').parentElement?.textContent).toBe('Subscription tier: Flat → PMPM');
    // Only what changed.
    expect(within(subscription).queryByText('Subscription status:')).toBeNull();
    expect(within(subscription).getByText('Changed subscription tier')).toBeTruthy();

    expect(within(resource).getByText('Resource made public')).toBeTruthy();
    expect(within(resource).getByText('Resource · Enrollment checklist')).toBeTruthy();
    expect(within(resource).getByText('Public:').parentElement?.textContent).toBe('Public: No → Yes');
    expect(within(resource).queryByRole('link')).toBeNull();

    fireEvent.click(within(trial).getByRole('link', { name: 'Rita Trial' }));
    expect(await screen.findByText('Broker detail')).toBeTruthy();
  });

  it('sends each filter to the server and keeps it for the export', async () => {
    const { lastFilter, getAuditAdmins, getList } = renderPage();
    await screen.findByText('Trial extended', { selector: 'p' });
    expect(exportHref()).toBe('/api/admin/audit/export');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'zapier' } });
    await waitFor(() => expect(lastFilter()).toEqual({ q: 'zapier' }));

    await chooseOption('Action', 'Trial extended');
    await waitFor(() => expect(lastFilter()).toEqual({ q: 'zapier', action: 'trial_extended' }));
    expect(getAuditAdmins).toHaveBeenCalled();
    await chooseOption('Admin', 'Alex Morgan (alex@carekeep.example)');
    await waitFor(() => expect(lastFilter()).toEqual({ q: 'zapier', action: 'trial_extended', adminId: 'a1' }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(lastFilter()).toMatchObject({ from: '2026-11-01', to: '2026-11-30' }));

    // The broker is found by e-mail or name among the brokers, as on Broker Management.
    const broker = screen.getByRole('combobox', { name: 'Broker' });
    fireEvent.change(broker, { target: { value: 'rita' } });
    await waitFor(() =>
      expect(
        (getList.mock.calls as unknown as Call[]).some(([resource, params]) => resource === 'admin/brokers' && params.filter.q === 'rita'),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'rita@agency.example' }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ brokerId: 'b1' }));

    const filter = { q: 'zapier', action: 'trial_extended', adminId: 'a1', from: '2026-11-01', to: '2026-11-30', brokerId: 'b1' };
    await waitFor(() => expect(lastFilter()).toEqual(filter));
    const href = new URL(exportHref()!, 'http://app.test');
    expect(href.pathname).toBe('/api/admin/audit/export');
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual(filter);
    expect(screen.getByRole('link', { name: 'Export CSV' }).hasAttribute('download')).toBe(true);

    // Cleared, the list is the first answer again (react-query has it) and the export takes everything.
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(exportHref()).toBe('/api/admin/audit/export'));
    // The search box follows the cleared filter a render later on a loaded machine.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('opens with the filters of the address and exports under them', async () => {
    const filter = { brokerId: 'b1', action: 'trial_extended' };
    const { lastFilter, getMany } = renderPage({ path: `/admin/audit?filter=${encodeURIComponent(JSON.stringify(filter))}` });
    await waitFor(() => expect(lastFilter()).toEqual(filter));
    // The chosen broker is named in the filter.
    await waitFor(() => expect(getMany).toHaveBeenCalledWith('admin/brokers', expect.objectContaining({ ids: ['b1'] })));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Broker' }) as HTMLInputElement).value).toBe('rita@agency.example'));
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('Trial extended');
    expect(new URL(exportHref()!, 'http://app.test').searchParams.get('filter')).toBe(JSON.stringify(filter));
  });

  it('says when nothing matches the filters, and when nothing was recorded yet', async () => {
    const { unmount } = renderPage({ rows: [], path: `/admin/audit?filter=${encodeURIComponent('{"q":"nobody"}')}` });
    expect(await screen.findByText('No entry matches these filters. Try other words or dates, or clear the filters.')).toBeTruthy();
    unmount();
    renderPage({ rows: [] });
    expect(await screen.findByText(/^No admin has made a change yet\./)).toBeTruthy();
  });

  it('shows each entry as a card on a narrow screen, with the other filters behind Add filter', async () => {
    narrowScreen();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const cards = within(list).getAllByTestId('audit-entry');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]).getByText('Trial extended')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: 'Rita Trial' }).getAttribute('href')).toBe('/admin/brokers/b1');
    expect(within(cards[0]).getByText('Trial ends:').parentElement?.textContent).toBe('Trial ends: Dec 01, 2026 → Dec 15, 2026');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Action' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Action' }));
    expect(await screen.findByRole('combobox', { name: 'Action' })).toBeTruthy();
  });

  it('speaks Spanish: the page, the actions and the changes in the Spanish catalogue', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderPage({ before: <Spanish /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de auditoría' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await within(table).findByText('Prueba extendida');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Cuándo', 'Administrador', 'Acción', 'Agente', 'Cambio', 'Notas']);
    expect(within(table).getByText('Recurso hecho público')).toBeTruthy();
    expect(within(table).getByText('Recurso · Enrollment checklist')).toBeTruthy();
    expect(within(table).getByText('Fin de la prueba:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toBeTruthy();
  });
});

describe('the data provider', () => {
  it('reads the audit resource from /api/admin/audit with the list parameters', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'audit */0' } })),
      );
    await act(() =>
      realDataProvider.getList('audit', {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { action: 'trial_extended' },
      }),
    );
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://app.test');
    expect(url.pathname).toBe('/api/admin/audit');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      filter: '{"action":"trial_extended"}',
      range: '[25,49]',
      sort: '["createdAt","DESC"]',
    });
    await realDataProvider.getMany('audit', { ids: ['e1'] });
    expect(String(fetch.mock.calls[1][0])).toBe(`/api/admin/audit?filter=${encodeURIComponent('{"id":["e1"]}')}`);
    expect(await realDataProvider.getAuditAdmins()).toEqual([]);
    expect(String(fetch.mock.calls[2][0])).toBe('/api/admin/audit/admins');
  });
});
