import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { HttpError, useLocaleState } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MemberOnly } from '../backoffice/AdminOnly.tsx';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { type CareKeepDataProvider, dataProvider as realDataProvider } from '../providers/dataProvider.ts';
import { chooseOption, narrowScreen, renderWithAdmin, testUserAs } from '../testUtils.tsx';
import type { AgencyEvent, AgencyEventMember, CurrentUser, Member } from '../types.ts';
import { ActivityLogPage } from './ActivityLogPage.tsx';

const DANA: AgencyEventMember = { id: 'm1', name: 'Dana Whitfield', email: 'dana@example.com', role: 'owner', removed: false };
const LUIS: AgencyEventMember = { id: 'm2', name: 'Luis Ortega', email: 'luis@agency.test', role: 'agent', removed: false };

const PHONE_CHANGED: AgencyEvent = {
  id: 'e1',
  createdAt: '2026-11-20T15:42:00.000Z',
  member: LUIS,
  viaToken: null,
  ipAddress: '203.0.113.24',
  action: 'client_updated',
  targetType: 'client',
  targetId: 'c1',
  summary: 'Edited the client Rosa Diaz',
  before: { phone: '+16155550101' },
  after: { phone: '+16155550199' },
};
const CLIENT_ADDED: AgencyEvent = {
  id: 'e2',
  createdAt: '2026-11-19T10:00:00.000Z',
  member: LUIS,
  viaToken: { id: 't1', name: 'Zapier' },
  ipAddress: null,
  action: 'client_created',
  targetType: 'client',
  targetId: 'c1',
  summary: 'Added the client Rosa Diaz',
  before: null,
  after: { firstName: 'Rosa', lastName: 'Diaz', phone: '+16155550101', language: 'es', notes: '(not recorded)' },
};
const INVITED: AgencyEvent = {
  id: 'e3',
  createdAt: '2026-11-18T09:00:00.000Z',
  member: DANA,
  viaToken: null,
  ipAddress: '198.51.100.7',
  action: 'member_invited',
  targetType: 'member',
  targetId: 'm2',
  summary: 'Invited luis@agency.test to join as an agent',
  before: null,
  after: { email: 'luis@agency.test', role: 'agent' },
};
const ROWS = [PHONE_CHANGED, CLIENT_ADDED, INVITED];

const member = (id: string, firstName: string | null, lastName: string | null, email: string, status: Member['status']): Member =>
  ({ id, firstName, lastName, email, role: 'agent', status, clients: 0 }) as Member;
const MEMBERS: Member[] = [
  member('m1', 'Dana', 'Whitfield', 'dana@example.com', 'active'),
  member('m2', 'Luis', 'Ortega', 'luis@agency.test', 'active'),
  member('m5', null, null, 'new.person@agency.test', 'invited'),
];

type Call = [string, { filter: Record<string, unknown>; sort: unknown; pagination: unknown }];

function renderPage(
  options: {
    path?: string;
    rows?: AgencyEvent[];
    getList?: ReturnType<typeof vi.fn>;
    before?: React.ReactNode;
    user?: CurrentUser;
  } = {},
) {
  const rows = options.rows ?? ROWS;
  const getList = options.getList ?? vi.fn(() => Promise.resolve({ data: rows, total: rows.length }));
  const getMembers = vi.fn(() => Promise.resolve(MEMBERS));
  const dataProvider = { getList, getMembers } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(
    <>
      {options.before}
      <Routes>
        <Route
          path="/activity-log"
          element={
            <MemberOnly permission="activity:read">
              <ActivityLogPage />
            </MemberOnly>
          }
        />
      </Routes>
    </>,
    { dataProvider, path: options.path ?? '/activity-log', user: options.user },
  );
  const logCalls = () => (getList.mock.calls as unknown as Call[]).filter(([resource]) => resource === 'agency-log');
  const lastFilter = () => logCalls().at(-1)?.[1].filter;
  return { ...result, getList, getMembers, logCalls, lastFilter };
}

function Spanish() {
  const [, setLocale] = useLocaleState();
  useEffect(() => setLocale('es'), [setLocale]);
  return null;
}

const exportHref = () => screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
const withRole = (role: 'agent' | 'read_only'): CurrentUser => testUserAs(role, 'm9');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setBrokerLanguage('en');
  localStorage.clear();
});

describe('the activity log', () => {
  it('lists the entries newest first: when, member, action in words, what it was about, the change and the address', async () => {
    const { logCalls } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity log' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await within(table).findByText('Client edited');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Member', 'Action', 'About', 'Change', 'IP address']);
    expect(logCalls()[0][1]).toMatchObject({ sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });

    const [, edited, added, invited] = within(table).getAllByRole('row');
    expect(within(edited).getByText(/^Nov 20, 2026 at/)).toBeTruthy();
    expect(within(edited).getByText('Luis Ortega')).toBeTruthy();
    expect(within(edited).getByText('Agent')).toBeTruthy();
    expect(within(edited).getByText('Edited the client Rosa Diaz')).toBeTruthy();
    expect(within(edited).getByText('Phone:').parentElement?.textContent).toBe('Phone: (615) 555-0101 → (615) 555-0199');
    expect(within(edited).getByText('203.0.113.24')).toBeTruthy();

    expect(within(added).getByText('Client added')).toBeTruthy();
    expect(within(added).getByText('through the API token “Zapier”')).toBeTruthy();
    expect(within(added).getByText('—')).toBeTruthy();

    expect(within(invited).getByText('Member invited')).toBeTruthy();
    expect(within(invited).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(invited).getByText('Owner')).toBeTruthy();
    expect(within(invited).getByText('Role:').parentElement?.textContent).toBe('Role: Agent');
  });

  it('folds a long change to its first lines, and unfolds it', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const added = (await within(table).findByText('Client added')).closest('tr')!;
    expect(within(added).getByText('First name:')).toBeTruthy();
    expect(within(added).queryByText('Notes:')).toBeNull();
    const more = within(added).getByRole('button', { name: 'Show all 5 changes' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(added).getByText('Notes:').parentElement?.textContent).toBe('Notes: not recorded');
    expect(within(added).getByText('Language:').parentElement?.textContent).toBe('Language: Español');
    const fewer = within(added).getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    expect(within(added).queryByText('Notes:')).toBeNull();
  });

  it('shows the entry’s own sentence for an action the app has no words for', async () => {
    const newer = { ...INVITED, id: 'e9', action: 'client_merged', summary: 'Merged Rosa Diaz into Rosa Díaz' } as unknown as AgencyEvent;
    renderPage({ rows: [newer] });
    const table = await screen.findByRole('table');
    expect(await within(table).findAllByText('Merged Rosa Diaz into Rosa Díaz')).toHaveLength(2);
  });

  it('filters by member, action and days, and exports under the same filters', async () => {
    const { lastFilter, getMembers } = renderPage();
    await screen.findByText('Client edited');
    expect(exportHref()).toBe('/api/agency-log/export.csv');
    expect(screen.getByRole('link', { name: 'Export CSV' }).hasAttribute('download')).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Member' }));
    const listbox = await screen.findByRole('listbox');
    // The team's members who joined; an invitation has done nothing yet.
    await within(listbox).findByRole('option', { name: 'Luis Ortega' });
    expect(getMembers).toHaveBeenCalled();
    expect(within(listbox).queryByRole('option', { name: 'new.person@agency.test' })).toBeNull();
    // No filter is 'All', for the eye and for a screen reader alike.
    expect(within(listbox).getAllByRole('option')[0].textContent).toBe('All');
    expect(within(listbox).getByRole('option', { name: 'All' })).toBeTruthy();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Luis Ortega' }));
    await waitFor(() => expect(lastFilter()).toEqual({ memberId: 'm2' }));

    await chooseOption('Action', 'Client edited');
    await waitFor(() => expect(lastFilter()).toEqual({ memberId: 'm2', action: 'client_updated' }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    const filter = { memberId: 'm2', action: 'client_updated', from: '2026-11-01', to: '2026-11-30' };
    await waitFor(() => expect(lastFilter()).toEqual(filter));
    const href = new URL(exportHref()!, 'http://app.test');
    expect(href.pathname).toBe('/api/agency-log/export.csv');
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual(filter);

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(exportHref()).toBe('/api/agency-log/export.csv'));
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('opens with the filters of the address, a removed member named from the entries', async () => {
    const gone = { ...PHONE_CHANGED, member: { ...LUIS, id: 'm7', name: 'Pat Former', removed: true } };
    const filter = { memberId: 'm7', action: 'client_updated' };
    const { lastFilter } = renderPage({ rows: [gone], path: `/activity-log?filter=${encodeURIComponent(JSON.stringify(filter))}` });
    await waitFor(() => expect(lastFilter()).toEqual(filter));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Member' }).textContent).toBe('Pat Former'));
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('Client edited');
    expect(await screen.findByText('Agent · removed')).toBeTruthy();
    expect(new URL(exportHref()!, 'http://app.test').searchParams.get('filter')).toBe(JSON.stringify(filter));
  });

  it('says when nothing matches the filters, and when nothing was recorded yet', async () => {
    const { unmount } = renderPage({ rows: [], path: `/activity-log?filter=${encodeURIComponent('{"action":"client_deleted"}')}` });
    expect(await screen.findByText(/^No entry matches these filters\./)).toBeTruthy();
    unmount();
    renderPage({ rows: [] });
    expect(await screen.findByText(/^Nobody in your agency has changed anything yet\./)).toBeTruthy();
  });

  it('says when the log cannot be loaded, why when the server said, and tries again', async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: boom', 500, {}))
      .mockResolvedValue({ data: ROWS, total: ROWS.length });
    renderPage({ getList });
    expect(await screen.findByText('Could not load the activity log')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Client edited')).toBeTruthy();
    expect(screen.queryByText('Could not load the activity log')).toBeNull();
  });

  it('gives the server’s reason for a refused filter', async () => {
    const refused = new HttpError('400', 400, { statusCode: 400, message: 'filter from must not be after to' });
    renderPage({
      getList: vi.fn().mockRejectedValue(refused),
      path: `/activity-log?filter=${encodeURIComponent('{"from":"2026-11-30","to":"2026-11-01"}')}`,
    });
    expect(await screen.findByText('Could not load the activity log: filter from must not be after to')).toBeTruthy();
  });

  it('shows each entry as a card on a narrow screen, with action and days behind Add filter', async () => {
    narrowScreen();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Activity log' });
    const cards = within(list).getAllByTestId('activity-entry');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]).getByText('Client edited')).toBeTruthy();
    expect(within(cards[0]).getByText('Luis Ortega')).toBeTruthy();
    expect(within(cards[0]).getByText('Phone:').parentElement?.textContent).toBe('Phone: (615) 555-0101 → (615) 555-0199');
    expect(screen.getByRole('combobox', { name: 'Member' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Action' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Action' }));
    expect(await screen.findByRole('combobox', { name: 'Action' })).toBeTruthy();
  });

  it('is for members who may read it: a read-only member sees it, an agent gets Not Authorized and no request', async () => {
    const { unmount } = renderPage({ user: withRole('read_only') });
    expect(await screen.findByText('Client edited')).toBeTruthy();
    unmount();
    const { getList } = renderPage({ user: withRole('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Authorized' })).toBeTruthy();
    expect(getList).not.toHaveBeenCalled();
  });

  it('speaks Spanish: the page, the actions, the fields and their values', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderPage({ before: <Spanish /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de actividad' })).toBeTruthy();
    const table = await screen.findByRole('table');
    await within(table).findByText('Cliente editado');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Cuándo', 'Miembro', 'Acción', 'Sobre qué', 'Cambio', 'Dirección IP']);
    expect(within(table).getByText('Teléfono:').parentElement?.textContent).toBe('Teléfono: (615) 555-0101 → (615) 555-0199');
    expect(within(table).getByText('Miembro invitado')).toBeTruthy();
    expect(within(table).getByText('Propietario')).toBeTruthy();
    expect(within(table).getByText('mediante el token de API “Zapier”')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Ver los 5 cambios' })).toBeTruthy();
    // The entry's own sentence stays as recorded.
    expect(within(table).getByText('Edited the client Rosa Diaz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Miembro' })).toBeTruthy();
  });
});

describe('the data provider', () => {
  it('reads the agency-log resource from /api/agency-log, and an agency’s log for the back office', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify([INVITED]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'agency-log 10-10/11' },
        }),
      ),
    );
    await act(() =>
      realDataProvider.getList('agency-log', {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { memberId: 'm2' },
      }),
    );
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://app.test');
    expect(url.pathname).toBe('/api/agency-log');
    expect(Object.fromEntries(url.searchParams)).toEqual({ filter: '{"memberId":"m2"}', range: '[25,49]', sort: '["createdAt","DESC"]' });

    expect(await realDataProvider.getBrokerAgencyLog('b 1', 2, 10)).toEqual({ data: [INVITED], total: 11 });
    const admin = new URL(String(fetch.mock.calls[1][0]), 'http://app.test');
    expect(admin.pathname).toBe('/api/admin/brokers/b%201/agency-log');
    expect(Object.fromEntries(admin.searchParams)).toEqual({ filter: '{}', range: '[10,19]', sort: '["createdAt","DESC"]' });
  });
});
