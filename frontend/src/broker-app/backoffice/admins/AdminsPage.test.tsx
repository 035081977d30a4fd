import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../../i18n/current.ts';
import { loadBrokerCatalogue } from '../../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../../providers/dataProvider.ts';
import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { PlatformAdmin } from '../../types.ts';
import { AdminsPage } from './AdminsPage.tsx';

const ME: PlatformAdmin = {
  id: 'a1',
  firstName: 'Ada',
  lastName: 'First',
  email: 'ada@carekeep.test',
  lastSignInAt: new Date(2026, 10, 25, 9, 30).toISOString(),
  isYou: true,
};
const OTHER: PlatformAdmin = { id: 'a2', firstName: null, lastName: null, email: 'ben@carekeep.test', lastSignInAt: null, isYou: false };

function renderPage(methods: Record<string, ReturnType<typeof vi.fn>>, spanish = false) {
  return renderWithAdmin(<AdminsPage />, {
    dataProvider: methods as unknown as Partial<CareKeepDataProvider>,
    path: '/admin/admins',
    user: { ...TEST_USER, isAdmin: true },
    ...(spanish ? { i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es') } : {}),
  });
}

const toastTitled = (title: string) => screen.findByText(title, { selector: '.MuiAlertTitle-root' });

afterEach(() => {
  setBrokerLanguage('en');
  vi.restoreAllMocks();
});

describe('the platform admins page', () => {
  it('lists the admins; one’s own access cannot be removed here, another’s after asking', async () => {
    const getPlatformAdmins = vi.fn().mockResolvedValueOnce([ME, OTHER]).mockResolvedValue([ME]);
    const revokeAdmin = vi.fn().mockResolvedValue(null);
    renderPage({ getPlatformAdmins, revokeAdmin });
    const list = await screen.findByRole('list', { name: 'Platform admins' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('2 admins')).toBeTruthy();
    expect(within(rows[0]).getByText('Ada First')).toBeTruthy();
    expect(within(rows[0]).getByText('You')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(within(rows[0]).getByText('Another admin can remove your access; you cannot remove it yourself.')).toBeTruthy();
    expect(within(rows[1]).getByText('No name yet')).toBeTruthy();
    expect(within(rows[1]).getByText(/Not signed in yet/)).toBeTruthy();

    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Remove admin access for ben@carekeep.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove admin access?' });
    expect(within(dialog).getByText(/ben@carekeep.test will no longer see the back office/)).toBeTruthy();
    expect(revokeAdmin).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Access' }));
    await waitFor(() => expect(revokeAdmin).toHaveBeenCalledWith('a2'));
    expect(await toastTitled('Admin Access Removed')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('adds an admin by e-mail, says when the field is empty, and shows the server’s reason when it refuses', async () => {
    const getPlatformAdmins = vi.fn().mockResolvedValue([ME]);
    const grantAdmin = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError('No one has signed in with this e-mail yet.', 404, {
          message: 'No one has signed in with this e-mail yet. They must sign in once before they can be made an admin.',
        }),
      )
      .mockResolvedValue([OTHER]);
    renderPage({ getPlatformAdmins, grantAdmin });
    await screen.findByRole('list', { name: 'Platform admins' });
    const add = screen.getByRole('button', { name: 'Add Admin' });
    fireEvent.click(add);
    expect(await screen.findByText('Enter an e-mail address')).toBeTruthy();
    expect(grantAdmin).not.toHaveBeenCalled();

    const field = screen.getByRole('textbox', { name: 'E-mail' });
    fireEvent.change(field, { target: { value: ' nobody@agency.test ' } });
    fireEvent.click(add);
    expect(await toastTitled('Failed to add the admin')).toBeTruthy();
    expect(grantAdmin).toHaveBeenCalledWith('nobody@agency.test');

    fireEvent.change(field, { target: { value: 'ben@carekeep.test' } });
    fireEvent.click(add);
    expect(await toastTitled('Admin Added')).toBeTruthy();
    expect(screen.getByText('ben@carekeep.test is now a platform admin.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('speaks Spanish', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderPage({ getPlatformAdmins: vi.fn().mockResolvedValue([ME, OTHER]) }, true);
    await screen.findByRole('list', { name: 'Administradores de la plataforma' });
    expect(screen.getByRole('heading', { level: 1, name: 'Administradores' })).toBeTruthy();
    expect(screen.getByText('Usted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar el acceso de administrador de ben@carekeep.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar administrador' })).toBeTruthy();
  });
});
