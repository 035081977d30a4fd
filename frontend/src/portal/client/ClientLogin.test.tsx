import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Language } from '../../i18n/translation.ts';
import { ApiError } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { PortalLanguageProvider } from '../i18n.tsx';
import { MemoryRouter, Route, Routes } from '../router.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { ClientLogin } from './ClientLogin.tsx';

const RUTH = { firstName: 'Ruth', lastName: 'Alvarez', username: 'ruth.a' };

function renderLogin(path = '/client/login', language: Language = 'en') {
  return render(
    <PortalLanguageProvider initial={language}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <Routes>
            <Route path="/client/login" element={<ClientLogin />} />
            <Route path="/client/portal" element={<h1>Portal page</h1>} />
            <Route path="/client/forgot-password" element={<h1>Forgot page</h1>} />
          </Routes>
        </ToastProvider>
      </MemoryRouter>
    </PortalLanguageProvider>,
  );
}

const SUNRISE = { agencyName: 'Sunrise Benefits', logoUrl: '/api/public/logos/sunrise.png', primaryColor: '#0f766e', agencyPhone: null };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
}

/** The destructive toast: its title and description. */
function alertToast() {
  const toast = screen.getByRole('alert');
  return [...toast.querySelectorAll('p')].map((p) => p.textContent);
}

function apiError(status: number, message: string) {
  const body = { statusCode: status, message };
  return new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);
}

beforeEach(() => {
  vi.spyOn(portalApi, 'myInfo').mockResolvedValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ClientLogin', () => {
  it('shows the sign-in card with labelled fields and the invitation note', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Client Sign In' })).toBeTruthy();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.autocomplete).toBe('username');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(screen.getByText('New here? Ask your insurance agent for an invitation to create your account.')).toBeTruthy();
    await waitFor(() => expect(portalApi.myInfo).toHaveBeenCalled());
    expect(screen.queryByText('Portal page')).toBeNull();
  });

  it('shows and hides the password', () => {
    renderLogin();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('asks for both fields before sending anything', async () => {
    const login = vi.spyOn(portalApi, 'login');
    renderLogin();
    await submit();
    expect(alertToast()).toEqual(['Missing fields', 'Please enter your username and password']);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));

    fill('Username', 'ruth.a');
    await submit();
    expect(alertToast()).toEqual(['Missing fields', 'Please enter your username and password']);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    // A username of spaces counts as empty.
    fill('Username', '   ');
    fill('Password', 'violet-tractor-91');
    await submit();
    expect(alertToast()).toEqual(['Missing fields', 'Please enter your username and password']);
    expect(login).not.toHaveBeenCalled();
  });

  it('posts the username and password, says so, and opens the portal after 0.5 s', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/client/login' ? new Response(JSON.stringify(RUTH), { status: 200 }) : new Response('', { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.restoreAllMocks(); // myInfo goes through fetch too: a 401 means signed out.
    renderLogin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/client-portal/my-info', expect.anything()));
    vi.useFakeTimers();
    fill('Username', '  ruth.a ');
    fill('Password', 'violet-tractor-91');
    await submit();

    const call = fetchMock.mock.calls.find(([url]) => url === '/api/client/login') as unknown as [string, RequestInit];
    expect(call[1].method).toBe('POST');
    expect(JSON.parse(call[1].body as string)).toEqual({ username: 'ruth.a', password: 'violet-tractor-91' });
    const toast = screen.getByRole('status');
    expect(within(toast).getByText('Login successful!')).toBeTruthy();
    expect(within(toast).getByText('Welcome back, Ruth!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Signing In…' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.queryByText('Portal page')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('heading', { name: 'Portal page' })).toBeTruthy();
  });

  it("shows the server's message when sign-in fails, and lets the client try again", async () => {
    const login = vi.spyOn(portalApi, 'login').mockRejectedValue(apiError(401, 'Invalid username or password'));
    renderLogin();
    fill('Username', 'ruth.a');
    fill('Password', 'wrong-password-1');
    await submit();
    expect(alertToast()).toEqual(['Sign in failed', 'Invalid username or password']);
    expect(screen.getAllByText('Invalid username or password')).toHaveLength(2); // toast and inline
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);

    login.mockRejectedValue(apiError(429, 'Too many failed sign-in attempts. Please try again in 15 minutes.'));
    await submit();
    expect(alertToast()).toEqual(['Sign in failed', 'Too many failed sign-in attempts. Please try again in 15 minutes.']);
    expect(screen.queryByText('Portal page')).toBeNull();
  });

  it("falls back to 'Invalid username or password' without a server message", async () => {
    vi.spyOn(portalApi, 'login').mockRejectedValue(new Error('Network error'));
    renderLogin();
    fill('Username', 'ruth.a');
    fill('Password', 'violet-tractor-91');
    await submit();
    expect(alertToast()).toEqual(['Sign in failed', 'Invalid username or password']);
  });

  it('links to Forgot your password?', async () => {
    renderLogin();
    const link = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(link.getAttribute('href')).toBe('/client/forgot-password');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(screen.getByRole('heading', { name: 'Forgot page' })).toBeTruthy();
  });

  it("carries the agency's logo, name and colour through its branded link, and on to Forgot your password?", async () => {
    const lookup = vi.spyOn(portalApi, 'publicAgency').mockResolvedValue(SUNRISE);
    renderLogin('/client/login?agency=sunrise-benefits');
    expect(await screen.findByText('Sign in to see your reminders from Sunrise Benefits.')).toBeTruthy();
    expect(lookup).toHaveBeenCalledWith('sunrise-benefits');
    const band = screen.getByTestId('agency-band');
    expect(within(band).getByRole('img', { name: 'Sunrise Benefits' }).getAttribute('src')).toBe('/api/public/logos/sunrise.png');
    expect(screen.getByRole('main').style.getPropertyValue('--cp-brand')).toBe('#0f766e');
    expect(screen.getByRole('heading', { level: 1, name: 'Client Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/client/forgot-password?agency=sunrise-benefits',
    );
  });

  it('is the branded page in Spanish too', async () => {
    vi.spyOn(portalApi, 'publicAgency').mockResolvedValue(SUNRISE);
    renderLogin('/client/login?agency=sunrise-benefits', 'es');
    expect(await screen.findByText('Inicie sesión para ver sus recordatorios de Sunrise Benefits.')).toBeTruthy();
    expect(screen.getByTestId('agency-band').textContent).toBe('Sunrise Benefits');
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeTruthy();
  });

  it('stays the neutral page, without an error, for an unknown agency', async () => {
    const lookup = vi.spyOn(portalApi, 'publicAgency').mockRejectedValue(apiError(404, 'No such agency'));
    renderLogin('/client/login?agency=no-such-agency');
    await waitFor(() => expect(lookup).toHaveBeenCalledWith('no-such-agency'));
    expect(screen.getByText('Welcome back. Sign in to see your medications and reminders.')).toBeTruthy();
    expect(screen.queryByTestId('agency-band')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('main').style.getPropertyValue('--cp-brand')).toBe('');
  });

  it('sends a client who is already signed in straight to the portal', async () => {
    vi.spyOn(portalApi, 'myInfo').mockResolvedValue({
      client: { firstName: 'Ruth', lastName: 'Alvarez', language: 'en' },
      medications: [],
      upcomingReminders: [],
    });
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Portal page' })).toBeTruthy();
  });
});
