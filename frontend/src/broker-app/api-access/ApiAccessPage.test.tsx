import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { testNow } from '../../testClock.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../providers/dataProvider.ts';
import { renderWithAdmin } from '../testUtils.tsx';
import type { ApiToken, ApiTokenActivity, ApiTokenScope, CreatedApiToken } from '../types.ts';
import { ApiAccessPage } from './ApiAccessPage.tsx';
import { scopeDescription } from './texts.ts';

const SCOPES: ApiTokenScope[] = [
  { scope: 'clients:read', description: 'Read clients, their consent records, timelines and compliance reports' },
  { scope: 'clients:write', description: 'Add, edit, import, invite, deactivate and delete clients; record consent' },
  { scope: 'reminders:read', description: 'Read reminders' },
];

// Local times, so the expected text does not depend on the machine's time zone.
const CRM: ApiToken = {
  id: 't1',
  name: 'My CRM',
  memberId: 'm1',
  scopes: ['clients:read', 'reminders:read'],
  prefix: 'ck_pat_AbCd12',
  createdAt: new Date(2026, 10, 2, 9, 0).toISOString(),
  lastUsedAt: null,
  expiresAt: '2099-02-01T12:00:00.000Z',
};
const SHEET: ApiToken = {
  id: 't2',
  name: 'Old spreadsheet',
  memberId: 'm1',
  scopes: ['clients:write'],
  prefix: 'ck_pat_ZyXw98',
  createdAt: new Date(2025, 0, 5, 9, 0).toISOString(),
  lastUsedAt: new Date(2025, 1, 3, 14, 5).toISOString(),
  expiresAt: new Date(2025, 3, 5, 12, 0).toISOString(),
};
const FOREVER: ApiToken = { ...CRM, id: 't3', name: 'Zapier', prefix: 'ck_pat_Forevr', expiresAt: null };

const ACTIVITY: ApiTokenActivity[] = [
  {
    id: 'e2',
    tokenId: 't2',
    tokenName: 'Old spreadsheet',
    kind: 'refused',
    detail: 'token expired',
    createdAt: new Date(2026, 10, 21, 14, 5).toISOString(),
  },
  { id: 'e1', tokenId: 't1', tokenName: 'My CRM', kind: 'created', detail: 'clients:read, reminders:read', createdAt: CRM.createdAt },
];

const SECRET = 'ck_pat_AbCd12secretsecretsecretsecretsecretsecret';

type Methods = Partial<Record<keyof CareKeepDataProvider, ReturnType<typeof vi.fn>>>;

function renderPage(methods: Methods = {}) {
  const getTokens = methods.getTokens ?? vi.fn().mockResolvedValue([CRM, SHEET, FOREVER]);
  const getTokenActivity = methods.getTokenActivity ?? vi.fn().mockResolvedValue(ACTIVITY);
  const getTokenScopes = methods.getTokenScopes ?? vi.fn().mockResolvedValue(SCOPES);
  const dataProvider = { ...methods, getTokens, getTokenActivity, getTokenScopes } as unknown as Partial<CareKeepDataProvider>;
  const result = renderWithAdmin(<ApiAccessPage />, { dataProvider, path: '/api-access' });
  return { ...result, getTokens, getTokenActivity, getTokenScopes };
}

const toastTitled = (title: string) => screen.findByText(title, { selector: '.MuiAlertTitle-root' });
const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

async function openCreate() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Create token' })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Create a token' });
  await within(dialog).findByRole('checkbox', { name: /clients:read/ });
  return dialog;
}

/** Everything on the page that could still hold a secret: its markup and every field's value. */
function pageHolds(secret: string): boolean {
  const fields = [...document.querySelectorAll('input, textarea')] as (HTMLInputElement | HTMLTextAreaElement)[];
  return document.body.innerHTML.includes(secret) || fields.some((field) => field.value.includes(secret));
}

afterEach(() => vi.restoreAllMocks());

describe('the API access page', () => {
  it('says what tokens are for, links the API docs, and lists the tokens with their scopes and dates', async () => {
    const { getTokens } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'API access' })).toBeTruthy();
    expect(screen.getByText(/use the CareKeep API as you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the API documentation' }).getAttribute('href')).toBe('/api/docs');
    await screen.findByRole('table', { name: 'Your tokens' });
    expect(getTokens).toHaveBeenCalledTimes(1);

    const crm = row('My CRM');
    expect(within(crm).getByText('ck_pat_AbCd12…')).toBeTruthy();
    expect(within(crm).getByText('clients:read')).toBeTruthy();
    expect(within(crm).getByText('reminders:read')).toBeTruthy();
    expect(within(crm).getByText('Nov 02, 2026')).toBeTruthy();
    expect(within(crm).getByText('Never')).toBeTruthy();
    expect(within(crm).getByText('Feb 01, 2099')).toBeTruthy();
    expect(within(crm).queryByText('Expired')).toBeNull();

    const sheet = row('Old spreadsheet');
    expect(within(sheet).getByText('Feb 03, 2025 at 2:05 PM')).toBeTruthy();
    expect(within(sheet).getByText('Apr 05, 2025')).toBeTruthy();
    expect(within(sheet).getByText('Expired')).toBeTruthy();

    // No expiry: 'Never' under Expires (and under Last used, as it was never used).
    expect(within(row('Zapier')).getAllByText('Never')).toHaveLength(2);
    expect(screen.getAllByText('Expired')).toHaveLength(1);
  });

  it('shows the recent activity, the kind in words and the detail as given', async () => {
    renderPage();
    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(activity).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Refused')).toBeTruthy();
    expect(within(items[0]).getByText('Old spreadsheet')).toBeTruthy();
    expect(within(items[0]).getByText('token expired')).toBeTruthy();
    expect(within(items[0]).getByText('Nov 21, 2026 at 2:05 PM')).toBeTruthy();
    expect(within(items[1]).getByText('Created')).toBeTruthy();
  });

  it('has an empty state with a way to create the first token', async () => {
    renderPage({ getTokens: vi.fn().mockResolvedValue([]), getTokenActivity: vi.fn().mockResolvedValue([]) });
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    expect(screen.getByText(/Creating, using and revoking tokens shows here/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Create token' })).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the tokens cannot be loaded, with a way to try again', async () => {
    const getTokens = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: boom', 500, {}))
      .mockResolvedValue([CRM]);
    renderPage({ getTokens });
    expect(await screen.findByText('Could not load your tokens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'My CRM' })).toBeTruthy();
  });

  it('creates a token and shows its secret once, with Copy; closing the dialog forgets it', async () => {
    const created: CreatedApiToken = {
      id: 't9',
      name: 'Spreadsheet',
      memberId: 'm1',
      scopes: ['clients:read'],
      prefix: 'ck_pat_AbCd12',
      createdAt: testNow().toISOString(),
      lastUsedAt: null,
      expiresAt: null,
      token: SECRET,
    };
    const listed: ApiToken = { ...created };
    delete (listed as Partial<CreatedApiToken>).token;
    const createToken = vi.fn().mockResolvedValue(created);
    const getTokens = vi.fn().mockResolvedValueOnce([CRM]).mockResolvedValue([CRM, listed]);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { queryClient, getTokenScopes } = renderPage({ createToken, getTokens });
    await screen.findByRole('cell', { name: 'My CRM' });

    const dialog = await openCreate();
    expect(getTokenScopes).toHaveBeenCalled();
    // The code is the label, the description under it.
    const read = within(dialog).getByRole('checkbox', { name: /clients:read/ });
    expect(within(dialog).getByText('Read clients, their consent records, timelines and compliance reports')).toBeTruthy();
    // 90 days to start with.
    expect((within(dialog).getByRole('radio', { name: '90 days' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '  Spreadsheet ' } });
    fireEvent.click(read);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No expiry' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(createToken).toHaveBeenCalledWith({ name: 'Spreadsheet', scopes: ['clients:read'], expiresInDays: null });
    expect(within(shown).getByText('Copy this token now. You will not be able to see it again.')).toBeTruthy();
    const field = within(shown).getByRole('textbox', { name: 'Token' }) as HTMLTextAreaElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a token' })).toBeNull());

    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await toastTitled('Copied')).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new token' })).toBeNull());
    expect(pageHolds(SECRET)).toBe(false);
    // The new token is listed (by its prefix only): the list was fetched again.
    expect(await screen.findByRole('cell', { name: 'Spreadsheet' })).toBeTruthy();
    expect(getTokens).toHaveBeenCalledTimes(2);
    // Nor is it kept in any cache.
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.data),
    ]);
    expect(cached).not.toContain(SECRET);
  });

  it('does not lose the secret to a stray click outside the dialog', async () => {
    const createToken = vi.fn().mockResolvedValue({ ...CRM, id: 't9', token: SECRET });
    renderPage({ createToken });
    await screen.findByRole('cell', { name: 'My CRM' });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'CRM 2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /clients:read/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    // The click lands on the dialog's container, outside its paper (MUI's backdrop click).
    const outside = shown.parentElement as HTMLElement;
    fireEvent.mouseDown(outside);
    fireEvent.click(outside);
    expect(screen.getByRole('dialog', { name: 'Your new token' })).toBeTruthy();
    expect(pageHolds(SECRET)).toBe(true);
  });

  it('requires a name and at least one scope before sending anything', async () => {
    const createToken = vi.fn();
    renderPage({ createToken });
    await screen.findByRole('cell', { name: 'My CRM' });
    const dialog = await openCreate();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'My tool' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    expect(within(dialog).queryByText('Enter a name')).toBeNull();
    expect(createToken).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /reminders:read/ }));
    expect(within(dialog).queryByText('Choose at least one scope')).toBeNull();
  });

  it("shows the server's reason when it refuses the token", async () => {
    const createToken = vi.fn().mockRejectedValue(
      new HttpError('400: Only platform admins may grant admin:read', 400, {
        statusCode: 400,
        message: 'Only platform admins may grant admin:read',
      }),
    );
    renderPage({ createToken });
    await screen.findByRole('cell', { name: 'My CRM' });
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'My tool' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /clients:write/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await toastTitled('Could not create the token')).toBeTruthy();
    expect(screen.getByText('Only platform admins may grant admin:read')).toBeTruthy();
    // The form stays, for another try.
    expect(screen.getByRole('dialog', { name: 'Create a token' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Your new token' })).toBeNull();
  });

  it('asks before revoking, then revokes and refreshes the list', async () => {
    const revokeToken = vi.fn().mockResolvedValue(undefined);
    const getTokens = vi.fn().mockResolvedValueOnce([CRM, SHEET]).mockResolvedValue([SHEET]);
    renderPage({ revokeToken, getTokens });
    await screen.findByRole('cell', { name: 'My CRM' });

    fireEvent.click(screen.getByRole('button', { name: 'Revoke “My CRM”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(within(dialog).getByText('Revoke “My CRM”? Anything using it stops working at once.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke token' })).toBeNull());
    expect(revokeToken).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke “My CRM”' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revokeToken).toHaveBeenCalledWith('t1'));
    expect(await toastTitled('Token revoked')).toBeTruthy();
    expect(screen.getByText('“My CRM” no longer works.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'My CRM' })).toBeNull());
    expect(getTokens).toHaveBeenCalledTimes(2);
  });

  it('says when a token cannot be revoked, and keeps it listed', async () => {
    const revokeToken = vi
      .fn()
      .mockRejectedValue(new HttpError('404: Token not found', 404, { statusCode: 404, message: 'Token not found' }));
    renderPage({ revokeToken });
    await screen.findByRole('cell', { name: 'My CRM' });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke “My CRM”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await toastTitled('Could not revoke the token')).toBeTruthy();
    expect(screen.getByText('Token not found')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke token' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'My CRM' })).toBeTruthy();
  });
});

describe('the scopes in the app’s language', () => {
  it('keeps the server’s words in English, and has Spanish ones for the known scopes', async () => {
    expect(scopeDescription('clients:read', 'Read clients')).toBe('Read clients');
    const spanish = (await loadBrokerCatalogue('es')).apiAccess;
    expect(spanish.scopeDescription('clients:read', 'Read clients')).toMatch(/^Ver los clientes/);
    for (const scope of [
      'clients:write',
      'policies:read',
      'policies:write',
      'soas:read',
      'soas:write',
      'tasks:read',
      'tasks:write',
      'reminders:read',
      'reminders:write',
      'campaigns:read',
      'campaigns:write',
      'analytics:read',
    ]) {
      expect(spanish.scopeDescription(scope, 'English')).not.toBe('English');
    }
    expect(spanish.scopeDescription('admin:write', 'English')).toMatch(/^Administradores/);
    // A scope the app does not know yet keeps the server's text.
    expect(spanish.scopeDescription('invoices:read', 'Read invoices')).toBe('Read invoices');
    expect(spanish.API_ACCESS_TEXTS.revokeConfirm('Mi CRM')).toBe(
      '¿Revocar “Mi CRM”? Todo lo que lo use dejará de funcionar de inmediato.',
    );
    expect(spanish.EXPIRY_OPTIONS.map((option) => option.value)).toEqual([30, 90, 365, null]);
  });
});
