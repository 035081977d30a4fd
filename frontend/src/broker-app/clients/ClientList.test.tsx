import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ATTESTATIONS } from '../../../../backend/src/consent/attestations.ts';
import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { ApiError } from '../../lib/http.ts';
import { testNow } from '../../testClock.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../providers/dataProvider.ts';
import { MEMBERS_KEY } from '../team/members.ts';
import { narrowScreen, renderWithAdmin, testClient, testUserAs } from '../testUtils.tsx';
import type { Client, ClientUsage, CurrentUser, ImportJob, Member } from '../types.ts';
import { describeClientFilter } from './ClientFilters.tsx';
import { ClientList } from './ClientList.tsx';

const USAGE: ClientUsage = {
  tier: 'flat',
  activeCount: 2,
  totalCount: 2,
  limit: 100,
  overageEnabled: false,
  warningLevel: 'none',
  upgradeOptions: [],
};

type Methods = Record<string, ReturnType<typeof vi.fn>>;

/** A member of the agency, who has joined unless said otherwise. */
function member(id: string, firstName: string, status: Member['status'] = 'active'): Member {
  return {
    id,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName: 'Test',
    role: 'agent',
    status,
    clients: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastSignInAt: null,
    invitationExpiresAt: null,
  };
}

/** The clients page with these clients; in the card view unless the test asks for the table (the default). */
function renderList(clients: Client[], methods: Methods = {}, view: 'cards' | 'table' = 'cards', user?: CurrentUser) {
  const getList = methods.getList ?? vi.fn().mockResolvedValue({ data: clients, total: clients.length });
  const getClientUsage = methods.getClientUsage ?? vi.fn().mockResolvedValue(USAGE);
  const dataProvider = { ...methods, getList, getClientUsage } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(<ClientList />, { dataProvider, path: '/clients', user });
  if (view === 'cards') fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
  return { ...result, getList, getClientUsage };
}

const toastTitled = async (title: string) => screen.findByText(title, { selector: '.MuiAlertTitle-root' });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the clients page', () => {
  it('has the title, the two buttons and the empty text when there are no clients', async () => {
    const { getList } = renderList([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Management' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Client' })).toBeTruthy();
    expect(await screen.findByText('No clients yet. Add your first client to get started.')).toBeTruthy();
    expect(await screen.findByText('2 / 100 active clients')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      'clients',
      expect.objectContaining({ pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' } }),
    );
  });

  it('searches with the q filter and says when nothing matches', async () => {
    const getList = vi.fn((_resource: string, params: { filter: { q?: string } }) =>
      Promise.resolve(params.filter.q ? { data: [], total: 0 } : { data: [testClient()], total: 1 }),
    );
    renderList([], { getList });
    expect(await screen.findByText('Margaret Okafor')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No clients found matching your search')).toBeTruthy();
    expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { q: 'zzz' } }));
    expect(screen.queryByText('No clients yet. Add your first client to get started.')).toBeNull();
  });

  it('shows a card per client: name, phone, e-mail, engagement, status and joined date', async () => {
    renderList([
      testClient(),
      testClient({ id: 'c2', firstName: 'Walter', lastName: 'Briggs', email: null, isActive: false, engagementScore: 15 }),
    ]);
    const card = await screen.findByRole('article', { name: 'Margaret Okafor' });
    expect(within(card).getByText('(615) 555-0142')).toBeTruthy();
    expect(within(card).getByText('margaret@example.com')).toBeTruthy();
    expect(within(card).getByText('72/100')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Engagement 72/100' })).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText(/^Joined Nov 03, 2026 at \d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Walter Briggs' });
    expect(within(other).getByText('Inactive')).toBeTruthy();
    expect(within(other).getByText('No email')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2 clients')).toBeTruthy();
  });

  it('pages through clients 25 at a time', async () => {
    const getList = vi.fn().mockResolvedValue({ data: [testClient()], total: 30 });
    renderList([], { getList });
    await screen.findByText('Margaret Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ pagination: { page: 2, perPage: 25 } })),
    );
  });
});

describe('the clients table', () => {
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };
  const TWO = [
    testClient(),
    testClient({
      id: 'c2',
      firstName: 'Walter',
      lastName: 'Briggs',
      email: null,
      isActive: false,
      engagementScore: 15,
      inviteStatus: 'expired',
      inviteToken: true,
    }),
  ];

  it('is the default view: a row per client with its columns, each header sorting on the server', async () => {
    const { getList } = renderList(TWO, {}, 'table');
    const table = await screen.findByRole('table');
    await within(table).findByText('Walter Briggs');
    for (const header of ['Name', 'Phone', 'Email', 'Invitation', 'Engagement', 'Risk', 'Actions'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    // Narrower than 1536 px (jsdom's window is 1024 px), Status and Joined are left out so that the
    // actions stay on screen; an inactive client says so beside the name.
    for (const header of ['Status', 'Joined'])
      expect(within(table).queryByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeNull();
    const walter = within(table).getByText('Walter Briggs').closest('tr')!;
    expect(within(walter).getByText('(615) 555-0142')).toBeTruthy();
    expect(within(walter).getByText('No email')).toBeTruthy();
    expect(within(walter.querySelector('td.column-lastName') as HTMLElement).getByText('Inactive')).toBeTruthy();
    expect(within(walter).getByText('Invite expired')).toBeTruthy();
    expect(within(walter).getByText('15')).toBeTruthy();
    expect(within(walter).getByRole('button', { name: 'Actions for Walter Briggs' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Sort by engagement ascending' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ sort: { field: 'engagementScore', order: 'ASC' } })),
    );
  });

  it('filters by status, invitation and engagement band, and clears them', async () => {
    const { getList } = renderList(TWO, {}, 'table');
    await screen.findByText('Walter Briggs');
    await choose('Invitation', 'Invite expired');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { inviteStatus: 'expired' } })),
    );
    await choose('Engagement', 'Low (0–39)');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'clients',
        expect.objectContaining({ filter: { inviteStatus: 'expired', engagementMin: 0, engagementMax: 39 } }),
      ),
    );
    await choose('Status', 'Inactive');

    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'clients',
        expect.objectContaining({ filter: { inviteStatus: 'expired', engagementMin: 0, engagementMax: 39, isActive: false } }),
      ),
    );
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    const url = new URL(exportLink.getAttribute('href')!, 'http://app.test');
    expect(url.pathname).toBe('/api/clients/export.csv');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({
      inviteStatus: 'expired',
      engagementMin: 0,
      engagementMax: 39,
      isActive: false,
    });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the unfiltered list (answered from the cache): every select reads All again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull());
    for (const label of ['Status', 'Invitation', 'Engagement'])
      expect(screen.getByRole('combobox', { name: label }).textContent).toBe('All');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/clients/export.csv?sort=${encodeURIComponent('["createdAt","DESC"]')}`,
    );
  }, 30_000);

  it('acts on the selected rows: marks them inactive, invites with the ones not invited and why, deletes after confirming the count', async () => {
    const bulkClients = vi
      .fn()
      .mockResolvedValueOnce({ action: 'deactivate', done: 1, failed: [], message: 'Marked 1 client inactive (1 already was).' })
      .mockResolvedValueOnce({
        action: 'invite',
        done: 1,
        failed: [{ id: 'c2', name: 'Walter Briggs', reason: 'Reactivate this client before inviting them.' }],
        message: 'Invitations: 1 sent, 1 not sent.',
      })
      .mockResolvedValueOnce({ action: 'delete', done: 2, failed: [], message: 'Deleted 2 clients.' });
    renderList(TWO, { bulkClients }, 'table');
    const table = await screen.findByRole('table');
    await within(table).findByText('Walter Briggs');
    const selectAll = async () => fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));

    await selectAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Inactive' }));
    // Why they leave: the retention figures count it.
    const leaving = await screen.findByRole('dialog', { name: 'Mark 2 clients inactive?' });
    expect(within(leaving).getByRole('radiogroup', { name: 'Why are these clients leaving?' })).toBeTruthy();
    expect(within(leaving).getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
    expect(bulkClients).not.toHaveBeenCalled();
    fireEvent.click(within(leaving).getByRole('radio', { name: 'Moved' }));
    fireEvent.click(within(leaving).getByRole('button', { name: 'Mark Inactive' }));
    expect(await toastTitled('Marked 1 client inactive (1 already was).')).toBeTruthy();
    expect(bulkClients).toHaveBeenLastCalledWith('deactivate', ['c1', 'c2'], 'moved');

    await selectAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Send Invites' }));
    // Texts to real people: nothing goes out before the broker confirms the count.
    const inviting = await screen.findByRole('dialog', { name: 'Invite 2 clients to their portal?' });
    expect(bulkClients).toHaveBeenCalledTimes(1);
    fireEvent.click(within(inviting).getByRole('button', { name: 'Send 2 invitations' }));
    const notInvited = await screen.findByRole('dialog', { name: 'Not invited' });
    expect(within(notInvited).getByText('Walter Briggs')).toBeTruthy();
    expect(within(notInvited).getByText('Reactivate this client before inviting them.')).toBeTruthy();
    fireEvent.click(within(notInvited).getByRole('button', { name: 'Close' }));

    await selectAll();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 clients?' });
    expect(bulkClients).toHaveBeenCalledTimes(2);
    expect(within(confirm).getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete 2 clients' }));
    expect(await toastTitled('Deleted 2 clients.')).toBeTruthy();
    expect(bulkClients).toHaveBeenLastCalledWith('delete', ['c1', 'c2'], 'other');
    expect(bulkClients.mock.calls[1]).toEqual(['invite', ['c1', 'c2']]);
  }, 30_000);

  it('records a permission for the selected rows only once the broker ticks the attestation, as the ledger will keep it', async () => {
    const recordConsentMany = vi.fn().mockResolvedValue({ recorded: 2, message: 'Recorded reminder permission for 2 clients.' });
    renderList(TWO, { recordConsentMany }, 'table');
    await within(await screen.findByRole('table')).findByText('Walter Briggs');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Record Permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record permission for 2 clients' });
    const confirm = within(dialog).getByRole('button', { name: 'Record for 2 clients' }) as HTMLButtonElement;
    const box = within(dialog).getByRole('checkbox', { name: ATTESTATIONS.bulkMarketing }) as HTMLInputElement;
    expect([box.checked, confirm.disabled]).toEqual([false, true]);
    fireEvent.click(box);
    expect(confirm.disabled).toBe(false);
    // Another purpose is attested by its own words: the tick does not carry over.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Reminder calls, texts and e-mails' }));
    const remindersBox = within(dialog).getByRole('checkbox', { name: ATTESTATIONS.bulkReminders }) as HTMLInputElement;
    expect([remindersBox.checked, confirm.disabled]).toEqual([false, true]);
    expect(recordConsentMany).not.toHaveBeenCalled();
    fireEvent.click(remindersBox);
    fireEvent.click(confirm);
    expect(await toastTitled('Recorded reminder permission for 2 clients')).toBeTruthy();
    expect(recordConsentMany).toHaveBeenCalledExactlyOnceWith(['c1', 'c2'], 'reminders');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record permission for 2 clients' })).toBeNull());
  }, 30_000);

  it('assigns the selected rows to a member who has joined, and filters by member', async () => {
    const getMembers = vi.fn().mockResolvedValue([member('m1', 'Dana'), member('m2', 'Luis'), member('m3', 'Ana', 'invited')]);
    const assignClients = vi.fn().mockResolvedValue({ memberId: 'm2', done: 2, message: 'Assigned 2 clients to Luis Test.' });
    const { getList } = renderList(TWO, { getMembers, assignClients }, 'table');
    await within(await screen.findByRole('table')).findByText('Walter Briggs');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who looks after these 2 clients?' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Member' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Dana Test', 'Luis Test', 'Nobody yet']);
    fireEvent.click(screen.getByRole('option', { name: 'Luis Test' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign 2 clients' }));
    expect(await toastTitled('Assigned 2 clients to Luis Test.')).toBeTruthy();
    expect(assignClients).toHaveBeenCalledExactlyOnceWith(['c1', 'c2'], 'm2');

    // The list by member: Mine (the signed-in member), another, or nobody yet.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Member' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['All', 'Mine', 'Luis Test', 'Nobody yet']);
    fireEvent.click(screen.getByRole('option', { name: 'Luis Test' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { assignedTo: 'm2' } })));
    // Clear filters lets go of the member too (the list's first page, already loaded, shows again).
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Member' }).textContent).toBe('All'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  }, 30_000);
});

describe('whose clients they are', () => {
  const BOOK = [
    testClient({ assignedMemberId: 'm2' }),
    testClient({ id: 'c2', firstName: 'Walter', lastName: 'Briggs', phone: '+16155550143' }),
  ];
  const TEAM = [member('m1', 'Dana'), member('m2', 'Luis'), member('m3', 'Ana', 'invited')];
  // The cell under the Member header (columns left out on this width are in the table, hidden).
  const memberCell = (row: HTMLElement) => {
    const headers = [...screen.getByRole('table').querySelectorAll('thead th')];
    const index = headers.findIndex((header) => header.textContent === 'Member');
    return row.querySelectorAll('td')[index]?.textContent;
  };

  afterEach(() => vi.unstubAllGlobals());

  it('names each client’s member in a Member column, or says nobody yet', async () => {
    renderList(BOOK, { getMembers: vi.fn().mockResolvedValue(TEAM) }, 'table');
    const table = await screen.findByRole('table');
    await within(table).findByRole('columnheader', { name: 'Member' });
    expect(memberCell(within(table).getByText('Margaret Okafor').closest('tr')!)).toBe('Luis Test');
    expect(memberCell(within(table).getByText('Walter Briggs').closest('tr')!)).toBe('Nobody yet');
    expect(screen.getByRole('combobox', { name: 'Member' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('has no Member column or filter while only one member has joined', async () => {
    const { queryClient } = renderList(
      BOOK,
      { getMembers: vi.fn().mockResolvedValue([member('m1', 'Dana'), member('m3', 'Ana', 'invited')]) },
      'table',
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('Walter Briggs');
    await waitFor(() => expect(queryClient.getQueryState(MEMBERS_KEY)?.status).toBe('success'));
    expect(within(table).queryByRole('columnheader', { name: 'Member' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
  });

  it('says on a phone’s card who looks after the client', async () => {
    narrowScreen();
    renderList(BOOK, { getMembers: vi.fn().mockResolvedValue(TEAM) }, 'table');
    const margaret = await screen.findByRole('article', { name: 'Margaret Okafor' });
    expect(await within(margaret).findByText('Assigned to Luis Test')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Walter Briggs' })).getByText('Not assigned yet')).toBeTruthy();
  });

  it('tells an agent kept to their own clients so, without the Member column, filter or Assign', async () => {
    const { queryClient } = renderList(
      [testClient({ assignedMemberId: 'm2' })],
      { getMembers: vi.fn().mockResolvedValue(TEAM) },
      'table',
      testUserAs('agent', 'm2', true),
    );
    expect((await screen.findByRole('note')).textContent).toBe('You see the clients assigned to you.');
    const table = await screen.findByRole('table');
    await within(table).findByText('Margaret Okafor');
    await waitFor(() => expect(queryClient.getQueryState(MEMBERS_KEY)?.status).toBe('success'));
    expect(within(table).queryByRole('columnheader', { name: 'Member' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(await screen.findByRole('button', { name: 'Mark Active' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
  });

  it('asks who is signed in again when it opens: an owner may have kept agents to their own clients since', async () => {
    const now = testUserAs('agent', 'm2', true);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        url === '/api/auth/user' ? new Response(JSON.stringify(now), { status: 200 }) : new Response('', { status: 404 }),
      );
    // The whole book as it was, then the agent's own clients once the server keeps them to them.
    const getList = vi
      .fn()
      .mockResolvedValueOnce({ data: BOOK, total: 2 })
      .mockResolvedValue({ data: [BOOK[0]], total: 1 });
    renderList(BOOK, { getList, getMembers: vi.fn().mockResolvedValue(TEAM) }, 'table', testUserAs('agent', 'm2'));
    expect((await screen.findByRole('note')).textContent).toBe('You see the clients assigned to you.');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.anything());
    await waitFor(() => expect(screen.queryByText('Walter Briggs')).toBeNull());
    expect(screen.getByText('Margaret Okafor')).toBeTruthy();
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('offers the same agent everything while the agency lets agents see the whole book', async () => {
    renderList(BOOK, { getMembers: vi.fn().mockResolvedValue(TEAM) }, 'table', testUserAs('agent', 'm2'));
    const table = await screen.findByRole('table');
    await within(table).findByRole('columnheader', { name: 'Member' });
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(await screen.findByRole('button', { name: 'Assign' })).toBeTruthy();
  });
});

describe('client invitations', () => {
  it('shows Send Invite, Resend Invite once a token exists, and Registered once accepted', async () => {
    renderList([
      testClient(),
      testClient({ id: 'c2', firstName: 'Ann', lastName: 'Lee', phone: '+16155550100', inviteStatus: 'pending', inviteToken: true }),
      testClient({ id: 'c3', firstName: 'Bo', lastName: 'Diaz', phone: '+16155550101', inviteStatus: 'accepted', inviteToken: true }),
    ]);
    const fresh = await screen.findByRole('article', { name: 'Margaret Okafor' });
    expect(within(fresh).getByRole('button', { name: /^Send Invite/ })).toBeTruthy();
    const pending = screen.getByRole('article', { name: 'Ann Lee' });
    expect(within(pending).getByRole('button', { name: /^Resend Invite/ })).toBeTruthy();
    const accepted = screen.getByRole('article', { name: 'Bo Diaz' });
    expect(within(accepted).getByText('Registered')).toBeTruthy();
    expect(within(accepted).queryByRole('button', { name: /Invite/ })).toBeNull();
  });

  it('says when a registered client has a new phone waiting for their confirmation', async () => {
    renderList([
      testClient({ inviteStatus: 'accepted', inviteToken: true }),
      testClient({
        id: 'c2',
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '+16155550100',
        inviteStatus: 'accepted',
        inviteToken: true,
        pendingContactChanges: [{ field: 'phone', value: '+16155550199', requestedAt: '2026-11-20T10:00:00.000Z' }],
      }),
    ]);
    const waiting = await screen.findByRole('article', { name: 'Ann Lee' });
    expect(within(waiting).getByText('(615) 555-0100')).toBeTruthy();
    expect(within(waiting).getByText('New: (615) 555-0199 · waiting for the client to confirm')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Margaret Okafor' })).queryByText(/waiting for the client to confirm/)).toBeNull();
  });

  it("toasts the server's message when the invitation text went out, and refreshes the list", async () => {
    const inviteClient = vi.fn().mockResolvedValue({
      success: true,
      message: 'Invitation sent to Margaret Okafor by text message.',
      inviteUrl: 'http://app/client/register/t',
    });
    const { getList } = renderList([testClient()], { inviteClient });
    fireEvent.click(await screen.findByRole('button', { name: /^Send Invite/ }));
    expect(await screen.findByText('Invitation sent to Margaret Okafor by text message.')).toBeTruthy();
    expect(inviteClient).toHaveBeenCalledWith('c1');
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it("says 'Invitation created' with a Copy Link action when the text failed, and copies the link", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const inviteClient = vi.fn().mockResolvedValue({
      success: false,
      message: 'The invitation was created, but the text message could not be sent.',
      inviteUrl: 'http://app/client/register/abc',
    });
    renderList([testClient()], { inviteClient });
    fireEvent.click(await screen.findByRole('button', { name: /^Send Invite/ }));
    const title = await toastTitled('Invitation created');
    const toast = title.closest('[role="status"]') as HTMLElement;
    expect(within(toast).getByText('The invitation was created, but the text message could not be sent.')).toBeTruthy();
    fireEvent.click(within(toast).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://app/client/register/abc'));
    expect(await toastTitled('Copied!')).toBeTruthy();
  });

  it("says 'Failed to copy link' when the clipboard refuses", async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    const inviteClient = vi.fn().mockResolvedValue({ success: false, message: 'Not sent.', inviteUrl: 'http://app/x' });
    renderList([testClient()], { inviteClient });
    fireEvent.click(await screen.findByRole('button', { name: /^Send Invite/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Failed to copy link')).toBeTruthy();
  });

  it("says 'Failed to send invitation' when the call fails without a message", async () => {
    const inviteClient = vi.fn().mockRejectedValue(new HttpError('500: Internal', 500, {}));
    renderList([testClient()], { inviteClient });
    fireEvent.click(await screen.findByRole('button', { name: /^Send Invite/ }));
    expect(await screen.findByText('Failed to send invitation')).toBeTruthy();
  });
});

describe('deleting a client', () => {
  async function openDelete() {
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Margaret Okafor' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    return screen.findByRole('dialog', { name: 'Delete client?' });
  }

  it('deletes after confirming from the card menu, with why the client left', async () => {
    const deleteFn = vi.fn().mockResolvedValue({ data: undefined });
    renderList([testClient()], { delete: deleteFn });
    const dialog = await openDelete();
    expect(within(dialog).getByText(/Margaret Okafor will be removed/)).toBeTruthy();
    expect(within(dialog).getByRole('radiogroup', { name: 'Why is this client leaving?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Passed away' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(deleteFn).toHaveBeenCalledWith('clients', expect.objectContaining({ id: 'c1', meta: { reason: 'deceased' } })),
    );
    expect(await screen.findByText('Client deleted')).toBeTruthy();
  });

  it('does nothing when cancelled', async () => {
    const deleteFn = vi.fn();
    renderList([testClient()], { delete: deleteFn });
    const dialog = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteFn).not.toHaveBeenCalled();
  });

  it("says 'Failed to delete client' when deleting fails", async () => {
    const deleteFn = vi.fn().mockRejectedValue(new HttpError('500: Internal', 500, {}));
    renderList([testClient()], { delete: deleteFn });
    const dialog = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete client')).toBeTruthy();
  });
});

describe('marking a client inactive', () => {
  it('asks why the client is leaving, sends isActive false with the reason from the card menu and says so', async () => {
    const update = vi.fn().mockResolvedValue({ data: { ...testClient(), isActive: false } });
    renderList([testClient()], { update });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Margaret Okafor' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark Inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Margaret Okafor inactive?' });
    expect(within(dialog).getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Switched to another agent' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Inactive' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'clients',
        expect.objectContaining({ id: 'c1', data: { isActive: false, departureReason: 'switched_agent' } }),
      ),
    );
    expect(await screen.findByText('Margaret Okafor is now inactive.')).toBeTruthy();
  });

  it('offers Mark Active for an inactive client', async () => {
    renderList([testClient({ isActive: false })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Margaret Okafor' }));
    expect(await screen.findByRole('menuitem', { name: 'Mark Active' })).toBeTruthy();
  });

  it("says 'Failed to update client' when it fails", async () => {
    const update = vi.fn().mockRejectedValue(new HttpError('500: Internal', 500, {}));
    renderList([testClient()], { update });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Margaret Okafor' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark Inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Margaret Okafor inactive?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Inactive' }));
    expect(await screen.findByText('Failed to update client')).toBeTruthy();
    expect(update.mock.calls[0][1].data).toEqual({ isActive: false, departureReason: 'other' });
  });
});

describe('adding a client', () => {
  async function openAdd(methods: Methods = {}) {
    const rendered = renderList([], methods);
    await screen.findByText('No clients yet. Add your first client to get started.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    return { ...rendered, dialog };
  }

  function fill(dialog: HTMLElement, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
  }

  it('requires first name, last name and phone; email is optional and of type email', async () => {
    const create = vi.fn();
    const { dialog } = await openAdd({ create });
    expect(
      within(dialog)
        .getByLabelText(/^Email/)
        .getAttribute('type'),
    ).toBe('email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Last name is required')).toBeTruthy();
    expect(within(dialog).getByText('Phone is required')).toBeTruthy();
    expect(within(dialog).queryByText('Enter a valid email address')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the client without an empty email, and no permission the broker did not tick; toasts, closes and refreshes the usage', async () => {
    const create = vi.fn().mockResolvedValue({ data: testClient({ id: 'new' }) });
    const { dialog, getClientUsage } = await openAdd({ create });
    fill(dialog, { 'First Name': ' Margaret ', 'Last Name': 'Okafor', Phone: '(615) 555-0142' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('clients', {
        data: {
          firstName: 'Margaret',
          lastName: 'Okafor',
          phone: '(615) 555-0142',
          language: 'en',
          remindersConsent: false,
          marketingConsent: false,
        },
      }),
    );
    expect(await toastTitled('Client added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(getClientUsage).toHaveBeenCalledTimes(2));
  });

  it('sends where the client lives and the marketing permission the broker attests by ticking its box', async () => {
    const create = vi.fn().mockResolvedValue({ data: testClient({ id: 'new' }) });
    const { dialog } = await openAdd({ create });
    fill(dialog, { 'First Name': 'Ana', 'Last Name': 'Ruiz', Phone: '(305) 555-0142', 'ZIP code': '33602', State: 'fl' });
    // Both start unticked, right under the phone number, before the plan details.
    const reminders = within(dialog).getByRole('checkbox', { name: /receive reminder calls, texts and e-mails/ });
    expect(reminders).toHaveProperty('checked', false);
    const fields = [...dialog.querySelectorAll('input')];
    expect(fields.indexOf(reminders as HTMLInputElement)).toBeLessThan(
      fields.indexOf(within(dialog).getByLabelText(/^ZIP code/) as HTMLInputElement),
    );
    expect(fields.indexOf(reminders as HTMLInputElement)).toBeGreaterThan(
      fields.indexOf(within(dialog).getByLabelText(/^Phone/) as HTMLInputElement),
    );
    fireEvent.click(reminders);
    const marketing = within(dialog).getByRole('checkbox', { name: /written permission to contact them about Medicare plans/ });
    expect(marketing).toHaveProperty('checked', false);
    fireEvent.click(marketing);
    // Her language: her portal, calls, texts and e-mails will be in Spanish.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spanish' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('clients', {
        data: {
          firstName: 'Ana',
          lastName: 'Ruiz',
          phone: '(305) 555-0142',
          zip: '33602',
          state: 'fl',
          language: 'es',
          remindersConsent: true,
          marketingConsent: true,
        },
      }),
    );
  });

  it("shows the server's warning message as a toast", async () => {
    const create = vi.fn().mockResolvedValue({
      data: { ...testClient({ id: 'new' }), warning: { message: 'You have 95 of 100 active clients. Consider upgrading.' } },
    });
    const { dialog } = await openAdd({ create });
    fill(dialog, { 'First Name': 'Margaret', 'Last Name': 'Okafor', Email: 'm@example.com', Phone: '6155550142' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('You have 95 of 100 active clients. Consider upgrading.')).toBeTruthy();
    expect(create.mock.calls[0][1].data.email).toBe('m@example.com');
  });

  it("says 'Client limit reached' / 'Please upgrade your plan to add more clients' and refetches usage at the limit", async () => {
    const create = vi.fn().mockRejectedValue(
      new HttpError('403: ...', 403, {
        message: 'Client limit reached. Your flat plan includes 100 active clients.',
        limitReached: true,
      }),
    );
    const { dialog, getClientUsage } = await openAdd({ create });
    fill(dialog, { 'First Name': 'Margaret', 'Last Name': 'Okafor', Phone: '6155550142' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await toastTitled('Client limit reached')).toBeTruthy();
    expect(screen.getByText('Please upgrade your plan to add more clients')).toBeTruthy();
    await waitFor(() => expect(getClientUsage).toHaveBeenCalledTimes(2));
  });

  it('treats a message mentioning the limit as the limit error even without the flag', async () => {
    const create = vi.fn().mockRejectedValue(new HttpError('403: over the limit', 403, 'over the limit'));
    const { dialog } = await openAdd({ create });
    fill(dialog, { 'First Name': 'Margaret', 'Last Name': 'Okafor', Phone: '6155550142' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await toastTitled('Client limit reached')).toBeTruthy();
  });

  it('shows the duplicate-phone message of a 409 and keeps the dialog open', async () => {
    const message = 'A client with the phone number +16155550142 already exists.';
    const create = vi.fn().mockRejectedValue(new HttpError(`409: ${message}`, 409, { statusCode: 409, message, field: 'phone' }));
    const { dialog } = await openAdd({ create });
    fill(dialog, { 'First Name': 'Margaret', 'Last Name': 'Okafor', Phone: '6155550142' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    // In the toast and under the phone field.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Client' })).toBeTruthy();
  });

  it("says 'Failed to add client' for other failures", async () => {
    const create = vi.fn().mockRejectedValue(new HttpError('500: Internal', 500, {}));
    const { dialog } = await openAdd({ create });
    fill(dialog, { 'First Name': 'Margaret', 'Last Name': 'Okafor', Phone: '6155550142' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Failed to add client')).toBeTruthy();
  });
});

describe('uploading a CSV', () => {
  const csv = () => new File(['firstName,lastName,email,phone\nAnn,Lee,,+16155550100\n'], 'clients.csv', { type: 'text/csv' });

  async function openUpload(methods: Methods = {}) {
    const rendered = renderList([], methods);
    await screen.findByText('No clients yet. Add your first client to get started.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload CSV' });
    return { ...rendered, dialog };
  }

  /** Ticks the reminders attestation (each upload needs it) and uploads the chosen file. */
  function uploadChosen(dialog: HTMLElement) {
    const attest = within(dialog).getByRole('checkbox', { name: /in this file gave my agency their phone numbers/ }) as HTMLInputElement;
    if (!attest.checked) fireEvent.click(attest);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  }

  it('explains the columns and E.164, and keeps Upload disabled until a .csv file is chosen and the reminders attestation ticked', async () => {
    const { dialog } = await openUpload();
    expect(within(dialog).getByText(/firstName, lastName, email, phone/)).toBeTruthy();
    expect(within(dialog).getByText(/phone numbers in E\.164 format/)).toBeTruthy();
    expect(
      within(dialog).getByText(
        /date_of_birth and plan_effective_date \(YYYY-MM-DD\), plan_type .*, carrier, and assignedTo \(the e-mail of the team member/,
      ),
    ).toBeTruthy();
    const input = within(dialog).getByLabelText('CSV file') as HTMLInputElement;
    expect(input.getAttribute('accept')).toContain('.csv');
    const upload = within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    fireEvent.change(input, { target: { files: [csv()] } });
    expect(within(dialog).getByText('clients.csv')).toBeTruthy();
    // The broker's own words for every imported client's permission: unticked until they tick it.
    const attest = within(dialog).getByRole('checkbox', { name: /in this file gave my agency their phone numbers/ });
    expect(attest).toHaveProperty('checked', false);
    expect(upload.disabled).toBe(true);
    fireEvent.click(attest);
    expect(upload.disabled).toBe(false);
  });

  function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
    return {
      jobId: 'job-1',
      status: 'running',
      fileName: 'clients.csv',
      rowsTotal: null,
      rowsRead: 0,
      imported: 0,
      rejected: 0,
      count: 0,
      partial: false,
      limitReached: false,
      message: null,
      errors: [],
      createdAt: '2026-11-23T10:00:00.000Z',
      finishedAt: null,
      ...overrides,
    };
  }

  /** An import the test moves on: each poll answers the latest state it was given. */
  function importOnServer(first: ImportJob) {
    let current = first;
    const getImportJob = vi.fn(() => Promise.resolve(current));
    return { getImportJob, set: (next: ImportJob) => (current = next) };
  }

  const COMPLETED = importJob({
    status: 'completed',
    rowsTotal: 2,
    rowsRead: 2,
    imported: 1,
    rejected: 1,
    count: 1,
    partial: true,
    message: 'Imported 1 of 2 clients; 1 row skipped',
    errors: [{ row: 3, field: 'phone', message: '"12" is not a valid phone number' }],
    finishedAt: '2026-11-23T10:00:03.000Z',
  });

  it('uploads with progress, follows the import row by row, then shows the count, the message and the rows not imported, and refreshes', async () => {
    let uploaded: (created: { jobId: string; status: 'queued' }) => void = () => undefined;
    const uploadClients = vi.fn((_file: File, onProgress: (percent: number) => void) => {
      onProgress(40);
      return new Promise<{ jobId: string; status: 'queued' }>((resolve) => {
        uploaded = resolve;
      });
    });
    const server = importOnServer(importJob({ status: 'running', rowsTotal: null }));
    const { dialog, getList, getClientUsage } = await openUpload({ uploadClients, getImportJob: server.getImportJob });
    const file = csv();
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
    uploadChosen(dialog);
    expect(await within(dialog).findByText('Uploading… 40%')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(uploadClients.mock.calls[0][0]).toBe(file);

    // The file is up: the server reads it through, then imports it batch by batch.
    uploaded({ jobId: 'job-1', status: 'queued' });
    expect(await within(dialog).findByText('Reading the file…')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBeNull();
    expect(within(dialog).getByText(/You can close this window: the import goes on/)).toBeTruthy();
    expect(server.getImportJob).toHaveBeenCalledWith('job-1');

    server.set(importJob({ rowsTotal: 600, rowsRead: 250, imported: 250 }));
    expect(await within(dialog).findByText('Importing clients… 250 of 600 rows')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('42');
    expect(getList).toHaveBeenCalledTimes(1);

    server.set(COMPLETED);
    expect(await within(dialog).findByText('1 client imported')).toBeTruthy();
    expect(within(dialog).getByText('Imported 1 of 2 clients; 1 row skipped')).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Rows not imported' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['3', 'phone', '"12" is not a valid phone number']);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    // The polling stops once the import has ended.
    const polls = server.getImportJob.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.getImportJob).toHaveBeenCalledTimes(polls);
    // The usage (which may open a warning dialog) waits until the summary is closed.
    expect(getClientUsage).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(getClientUsage).toHaveBeenCalledTimes(2));
  }, 10_000);

  it('shows an ordinary file’s result from the upload’s own answer, without asking for the import again', async () => {
    const uploadClients = vi.fn().mockResolvedValue(COMPLETED);
    const getImportJob = vi.fn(() => Promise.reject(new Error('not asked')));
    const { dialog, getList } = await openUpload({ uploadClients, getImportJob });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await within(dialog).findByText('1 client imported')).toBeTruthy();
    expect(within(dialog).getByText('Imported 1 of 2 clients; 1 row skipped')).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Rows not imported' })).toBeTruthy();
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    expect(getImportJob).not.toHaveBeenCalled();
  });

  it('may be closed while the import runs: it goes on, a toast says when it is done, and the dialog shows the result again', async () => {
    const uploadClients = vi.fn().mockResolvedValue({ jobId: 'job-1', status: 'queued' });
    const server = importOnServer(importJob({ status: 'queued' }));
    const { dialog, getList, getClientUsage } = await openUpload({ uploadClients, getImportJob: server.getImportJob });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await within(dialog).findByText('Uploaded. Waiting for the import to start…')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload CSV' })).toBeNull());

    server.set(COMPLETED);
    expect(await toastTitled('Import finished')).toBeTruthy();
    expect(screen.getByText('Imported 1 of 2 clients; 1 row skipped')).toBeTruthy();
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(getClientUsage).toHaveBeenCalledTimes(2));

    fireEvent.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const again = await screen.findByRole('dialog', { name: 'Upload CSV' });
    expect(within(again).getByText('1 client imported')).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Upload Another File' }));
    expect(within(again).getByText('No file chosen')).toBeTruthy();
  }, 10_000);

  it('downloads the rows not imported as a CSV of line, field and error, with formulas made harmless', async () => {
    const errors = [
      { row: 3, field: 'phone', message: '"12" is not a valid phone number' },
      { row: 4, field: 'firstName', message: '=HYPERLINK("http://x.test","click"), the cell as typed' },
      { row: 7, field: 'limit', message: 'Not imported: the client limit was reached' },
    ];
    const uploadClients = vi.fn().mockResolvedValue({ jobId: 'job-1', status: 'queued' });
    const server = importOnServer({ ...COMPLETED, fileName: 'October leads.csv', rejected: 3, errors });
    const { dialog } = await openUpload({ uploadClients, getImportJob: server.getImportJob });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    await within(dialog).findByRole('table', { name: 'Rows not imported' });

    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:errors';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    const clicked: { href: string | null; download: string | null }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href'), download: this.getAttribute('download') });
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download errors (CSV)' }));
    expect(clicked).toEqual([{ href: 'blob:errors', download: 'October leads-errors.csv' }]);
    // A byte order mark first, for Excel (text() reads past it).
    expect([...new Uint8Array(await blobs[0].arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobs[0].text()).toBe(
      [
        'line,field,error',
        '3,phone,"""12"" is not a valid phone number"',
        '4,firstName,"\'=HYPERLINK(""http://x.test"",""click""), the cell as typed"',
        '7,limit,Not imported: the client limit was reached',
        '',
      ].join('\r\n'),
    );
  });

  it('shows a failed import with the server’s reason', async () => {
    const message = 'The file is not a readable CSV: Invalid Closing Quote at line 992. No clients were imported.';
    const uploadClients = vi.fn().mockResolvedValue({ jobId: 'job-1', status: 'queued' });
    const server = importOnServer(importJob({ status: 'failed', partial: true, message, finishedAt: '2026-11-23T10:00:03.000Z' }));
    const { dialog } = await openUpload({ uploadClients, getImportJob: server.getImportJob });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await within(dialog).findByText('Import failed')).toBeTruthy();
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Download errors (CSV)' })).toBeNull();
  });

  it('shows the limit toast with the server message when the limit is reached', async () => {
    const message = 'Client limit reached. Your flat plan includes 100 active clients (up to 105 with the grace allowance).';
    const uploadClients = vi.fn().mockRejectedValue(new ApiError(403, `403: ${message}`, { message, limitReached: true }));
    const { dialog } = await openUpload({ uploadClients });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await toastTitled('Client limit reached')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('also shows the limit toast when an import stopped at the limit, and says the list is partial', async () => {
    const message =
      'Client limit reached: imported 3 clients before the limit; 120 rows not imported because of the limit. Upgrade your plan to import the rest.';
    const errors = Array.from({ length: 100 }, (_, i) => ({
      row: 5 + i,
      field: 'limit',
      message: 'Not imported: the client limit was reached',
    }));
    const uploadClients = vi.fn().mockResolvedValue({ jobId: 'job-1', status: 'queued' });
    const server = importOnServer(
      importJob({ status: 'completed', count: 3, imported: 3, rejected: 120, partial: true, limitReached: true, message, errors }),
    );
    const { dialog } = await openUpload({ uploadClients, getImportJob: server.getImportJob });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await toastTitled('Client limit reached')).toBeTruthy();
    expect(await within(dialog).findByText('3 clients imported')).toBeTruthy();
    expect(within(dialog).getByText('The first 100 of 120 rows not imported are listed.')).toBeTruthy();
  });

  it("says 'Failed to upload CSV' when the upload fails without a message", async () => {
    const uploadClients = vi.fn().mockRejectedValue(new Error('Network error'));
    const { dialog } = await openUpload({ uploadClients });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await screen.findByText('Failed to upload CSV')).toBeTruthy();
  });

  it("shows the server's reason for a rejected file", async () => {
    const message =
      'The file is missing the column phone (expected firstName, lastName, email, phone; optional zip, state, marketingConsent)';
    const uploadClients = vi.fn().mockRejectedValue(new ApiError(400, `400: ${message}`, { message }));
    const { dialog } = await openUpload({ uploadClients });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv()] } });
    uploadChosen(dialog);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('risk of leaving', () => {
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };
  const RISKY = [
    testClient({ riskScore: 82, riskLevel: 'high', riskReasons: ['unanswered_messages'] } as Partial<Client>),
    testClient({ id: 'c2', firstName: 'Walter', lastName: 'Briggs', riskScore: 40, riskLevel: 'medium' } as Partial<Client>),
    testClient({ id: 'c3', firstName: 'Ana', lastName: 'Ruiz', riskScore: 5, riskLevel: 'low' } as Partial<Client>),
  ];

  it('shows High risk and Medium risk on the cards, and nothing at low risk', async () => {
    renderList(RISKY);
    const margaret = await screen.findByRole('article', { name: 'Margaret Okafor' });
    expect(within(margaret).getByText('High risk')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Walter Briggs' })).getByText('Medium risk')).toBeTruthy();
    const ana = screen.getByRole('article', { name: 'Ana Ruiz' });
    expect(within(ana).queryByText(/risk/)).toBeNull();
  });

  it('has a Risk column in the table that sorts by the score', async () => {
    const { getList } = renderList(RISKY, {}, 'table');
    const table = await screen.findByRole('table');
    await within(table).findByText('Walter Briggs');
    expect(within(table).getByRole('columnheader', { name: /^Risk/ })).toBeTruthy();
    expect(within(within(table).getByText('Margaret Okafor').closest('tr')!).getByText('High risk')).toBeTruthy();
    expect(within(within(table).getByText('Ana Ruiz').closest('tr')!).queryByText(/risk/)).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: /^Sort by risk/ }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'clients',
        expect.objectContaining({ sort: expect.objectContaining({ field: 'riskScore' }) }),
      ),
    );
  });

  it('filters by risk level and sorts by highest risk first, both in the query (and the export)', async () => {
    const { getList } = renderList(RISKY, {}, 'table');
    await screen.findByText('Walter Briggs');
    expect(screen.getByRole('combobox', { name: 'Risk' }).textContent).toBe('Any');
    await choose('Risk', 'High');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { riskLevel: 'high' } })));
    await choose('Sort', 'Highest risk first');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'clients',
        expect.objectContaining({ filter: { riskLevel: 'high' }, sort: { field: 'riskScore', order: 'DESC' } }),
      ),
    );
    const url = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://app.test');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ riskLevel: 'high' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['riskScore', 'DESC']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Risk' }).textContent).toBe('Any'));
  }, 30_000);
});

describe('client facts in the Add client dialog', () => {
  async function openAdd(methods: Methods = {}) {
    const rendered = renderList([], methods);
    await screen.findByText('No clients yet. Add your first client to get started.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    for (const [label, value] of Object.entries({ 'First Name': 'Ana', 'Last Name': 'Ruiz', Phone: '(305) 555-0142' }))
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    return { ...rendered, dialog };
  }

  it('sends date of birth, plan type, plan effective date and carrier', async () => {
    const create = vi.fn().mockResolvedValue({ data: testClient({ id: 'new' }) });
    const { dialog } = await openAdd({ create });
    fireEvent.change(within(dialog).getByLabelText(/^Date of birth/), { target: { value: '1961-03-03' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Plan type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Medigap' }));
    fireEvent.change(within(dialog).getByLabelText(/^Plan effective date/), { target: { value: '2026-01-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Carrier/), { target: { value: ' Humana ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][1].data).toEqual(
      expect.objectContaining({ dateOfBirth: '1961-03-03', planType: 'medigap', planEffectiveDate: '2026-01-01', carrier: 'Humana' }),
    );
  });

  it('refuses a date of birth in the future and a plan date before Medicare', async () => {
    const create = vi.fn();
    const { dialog } = await openAdd({ create });
    const nextYear = testNow().getFullYear() + 1;
    fireEvent.change(within(dialog).getByLabelText(/^Date of birth/), { target: { value: `${nextYear}-01-01` } });
    fireEvent.change(within(dialog).getByLabelText(/^Plan effective date/), { target: { value: '1960-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }));
    expect(await within(dialog).findByText('Date of birth cannot be in the future')).toBeTruthy();
    expect(within(dialog).getByText(/Plan effective date must be between/)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('policies in the client list', () => {
  const HUMANA = {
    id: 'p1',
    carrier: 'Humana',
    planName: 'Humana Gold Plus (HMO)',
    planId: 'H1234-001-000',
    planType: 'mapd',
    medigapPlan: null,
    status: 'active',
    effectiveDate: '2026-01-01',
    terminationDate: null,
  } as const satisfies Client['currentPolicy'];
  const CLIENTS = [
    testClient({ currentPolicy: HUMANA }),
    testClient({
      id: 'c2',
      firstName: 'Walter',
      lastName: 'Briggs',
      currentPolicy: { ...HUMANA, id: 'p2', carrier: 'Aetna', planName: 'Aetna Medicare Rx Saver', planType: 'pdp', status: 'pending' },
    }),
    testClient({ id: 'c3', firstName: 'Rosa', lastName: 'Diaz' }),
  ];
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };

  it('shows each client’s current plan: under the name below 1536 px, in its own column from there (the carrier with its type, the plan’s name)', async () => {
    renderList(CLIENTS, { getPolicyCarriers: vi.fn().mockResolvedValue(['Aetna', 'Humana']) }, 'table');
    const table = await screen.findByRole('table');
    await within(table).findByText('Walter Briggs');
    const row = (name: string) => within(within(table).getByText(name).closest('tr')!);
    // jsdom's window is 1024 px: the column is left out, the plan's carrier and type are under the name.
    expect(within(table).queryByRole('columnheader', { name: 'Current plan' })).toBeNull();
    const line = (name: string) => row(name).queryByTestId('plan-line');
    expect(line('Margaret Okafor')?.textContent).toBe('Humana · MAPD');
    expect(line('Margaret Okafor')?.getAttribute('title')).toBe('Humana · Humana Gold Plus (HMO)');
    expect(line('Walter Briggs')?.textContent).toBe('Aetna · Part D · Pending');
    expect(line('Rosa Diaz')).toBeNull();
    // The column's cells, shown from 1536 px.
    expect(row('Margaret Okafor').getByText('MAPD')).toBeTruthy();
    expect(row('Margaret Okafor').getByText('Humana Gold Plus (HMO)')).toBeTruthy();
    expect(row('Walter Briggs').getByText('Pending · Aetna Medicare Rx Saver')).toBeTruthy();
    expect(row('Rosa Diaz').getByText('No current plan')).toBeTruthy();
  });

  it('says the current plan on a phone’s card', async () => {
    narrowScreen();
    try {
      renderList(CLIENTS, { getPolicyCarriers: vi.fn().mockResolvedValue(['Aetna', 'Humana']) }, 'table');
      const card = await screen.findByRole('article', { name: 'Walter Briggs' });
      expect(within(card).getByText('Aetna: Aetna Medicare Rx Saver (Part D, pending)')).toBeTruthy();
      expect(
        within(screen.getByRole('article', { name: 'Margaret Okafor' })).getByText('Humana: Humana Gold Plus (HMO) (MAPD)'),
      ).toBeTruthy();
      expect(within(screen.getByRole('article', { name: 'Rosa Diaz' })).getByText('No current plan')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('filters by carrier, plan type, effective year and ending within 60 days, in the query and the export, and clears them', async () => {
    const getPolicyCarriers = vi.fn().mockResolvedValue(['Aetna', 'Humana']);
    const { getList } = renderList(CLIENTS, { getPolicyCarriers }, 'table');
    await screen.findByText('Walter Briggs');
    await choose('Carrier', 'Humana');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { carrier: 'Humana' } })));
    await choose('Plan type', 'Medicare Advantage with drugs (MAPD)');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { carrier: 'Humana', policyType: 'mapd' } })),
    );
    const year = testNow().getFullYear();
    await choose('Effective year', String(year));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'clients',
        expect.objectContaining({ filter: { carrier: 'Humana', policyType: 'mapd', effectiveYear: year } }),
      ),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ending within 60 days' }));
    const filter = { carrier: 'Humana', policyType: 'mapd', effectiveYear: year, terminatingSoon: true };
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter })));
    const url = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://app.test');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual(filter);
    // The years offered: next year back to nine years ago.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Effective year' }));
    const years = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toEqual(['All', ...Array.from({ length: 11 }, (_, index) => String(year + 1 - index))]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the unfiltered list (answered from the cache).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull());
    for (const label of ['Carrier', 'Plan type', 'Effective year'])
      expect(screen.getByRole('combobox', { name: label }).textContent).toBe('All');
    expect((screen.getByRole('checkbox', { name: 'Ending within 60 days' }) as HTMLInputElement).checked).toBe(false);
  }, 30_000);

  it('offers no policy filters while the book has no policies', async () => {
    renderList([testClient()], { getPolicyCarriers: vi.fn().mockResolvedValue([]) }, 'table');
    await screen.findByText('Margaret Okafor');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Risk' })).toBeTruthy());
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Ending within 60 days' })).toBeNull();
    // Nor once another filter is on.
    await choose('Status', 'Inactive');
    await screen.findByRole('button', { name: 'Clear filters' });
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
  });

  it('says the column and the filters in Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    try {
      renderWithAdmin(<ClientList />, {
        dataProvider: {
          getList: vi.fn().mockResolvedValue({ data: CLIENTS, total: 3 }),
          getClientUsage: vi.fn().mockResolvedValue(USAGE),
          getPolicyCarriers: vi.fn().mockResolvedValue(['Aetna', 'Humana']),
        } as unknown as Partial<CareKeepDataProvider>,
        path: '/clients',
        i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
      });
      const table = await screen.findByRole('table');
      await within(table).findByText('Walter Briggs');
      expect(within(table).getByText('Aetna · Parte D · Pendiente')).toBeTruthy();
      expect(within(table).getByText('Parte D')).toBeTruthy();
      expect(within(table).getByText('Pendiente · Aetna Medicare Rx Saver')).toBeTruthy();
      expect(within(table).getByText('Sin plan actual')).toBeTruthy();
      for (const label of ['Aseguradora', 'Tipo de plan', 'Año de vigencia'])
        expect(await screen.findByRole('combobox', { name: label })).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: 'Terminan en 60 días' })).toBeTruthy();
    } finally {
      setBrokerLanguage('en');
    }
  });
});

describe('a filtered audience in words', () => {
  it('names the policy filters', () => {
    expect(describeClientFilter({ carrier: 'Humana', policyType: 'pdp', effectiveYear: 2026, terminatingSoon: true, isActive: true })).toBe(
      'Active · Carrier Humana · Plan type Part D · Effective in 2026 · Ending within 60 days',
    );
  });
});
