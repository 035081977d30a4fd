import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AccountSuspended } from './AccountSuspended.tsx';
import { PortalLanguageProvider } from './i18n.tsx';
import PublicApp from './PublicApp.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.pushState({}, '', '/');
});

const BODY =
  'Your CareKeep account has been suspended by the platform. Your clients can still use their portal and their own reminders. Contact CareKeep support to restore access.';

describe('the suspended-account page', () => {
  it('says the account is suspended, that clients are not affected, and offers Sign Out', async () => {
    render(
      <PortalLanguageProvider initial="en">
        <AccountSuspended />
      </PortalLanguageProvider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your account is suspended');
    expect(screen.getByText(BODY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('is in Spanish for a Spanish reader, and switches language', async () => {
    render(
      <PortalLanguageProvider initial="es">
        <AccountSuspended />
      </PortalLanguageProvider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Su cuenta está suspendida');
    expect(
      screen.getByText(
        'La plataforma suspendió su cuenta de CareKeep. Sus clientes pueden seguir usando su portal y sus propios recordatorios. Comuníquese con el soporte de CareKeep para recuperar el acceso.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerrar sesión' }).getAttribute('href')).toBe('/api/logout');
    expect(document.documentElement.lang).toBe('es');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Your account is suspended' })).textContent).toBeTruthy();
    expect(localStorage.getItem('carekeep.language')).toBe('en');
  });

  it('is the public app’s page at /account-suspended', async () => {
    window.history.pushState({}, '', '/account-suspended?lang=en');
    render(<PublicApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is suspended' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });
});
