import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Language } from '../../i18n/translation.ts';
import { ApiError } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { PortalLanguageProvider } from '../i18n.tsx';
import { MemoryRouter, Route, Routes } from '../router.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import ForgotPasswordPage from './ForgotPassword.tsx';
import ResetPasswordPage from './ResetPassword.tsx';

const RUTH = { firstName: 'Ruth', lastName: 'Alvarez', username: 'ruth.a', language: 'en' as const };
const ACCEPTED = { message: 'If an account matches, we sent a code by text message or a link by e-mail. It works for 30 minutes.' };
const INVALID = 'This code or link is no longer valid. Ask for a new one.';
const TOKEN = '3c9e1f2a-7b4d-4e8a-9f6c-2d1b0a9e8f7c.JxcTR5wTjFQKrF72cuw688bV7Lq9jLVE2pdf8vs-h2Y';

function renderAt(path: string, language: Language = 'en') {
  return render(
    <PortalLanguageProvider initial={language}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <Routes>
            <Route path="/client/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/client/reset-password" element={<ResetPasswordPage />} />
            <Route path="/client/login" element={<h1>Login page</h1>} />
            <Route path="/client/portal" element={<h1>Portal page</h1>} />
          </Routes>
        </ToastProvider>
      </MemoryRouter>
    </PortalLanguageProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function alertToast() {
  return [...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent);
}

function apiError(status: number, message: string) {
  const body = { statusCode: status, message };
  return new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);
}

beforeEach(() => {
  vi.spyOn(portalApi, 'publicAgency').mockRejectedValue(apiError(404, 'No such agency'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Forgot your password? (/client/forgot-password)', () => {
  it('asks for the username, phone or e-mail, and sends nothing without one', async () => {
    const request = vi.spyOn(portalApi, 'requestPasswordReset');
    renderAt('/client/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeTruthy();
    const field = screen.getByLabelText('Username, phone number or e-mail') as HTMLInputElement;
    expect(field.autocomplete).toBe('username');
    await click('Send Me a Code');
    expect(alertToast()).toEqual(['Missing information', 'Please enter your username, phone number or e-mail address']);
    expect(document.activeElement).toBe(field);
    expect(request).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/client/login');
  });

  it('says the same words whatever matched, takes the texted code and a new password twice, and opens the portal', async () => {
    const request = vi.spyOn(portalApi, 'requestPasswordReset').mockResolvedValue(ACCEPTED);
    const confirm = vi.spyOn(portalApi, 'confirmPasswordReset').mockResolvedValue(RUTH);
    renderAt('/client/forgot-password');
    fill('Username, phone number or e-mail', '  (615) 555-0142 ');
    await click('Send Me a Code');
    expect(request).toHaveBeenCalledWith('(615) 555-0142');
    expect(screen.getByRole('heading', { level: 1, name: 'Check your phone or e-mail' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ACCEPTED.message);
    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');

    // Checked before anything is sent: all fields, six digits, the same password twice.
    await click('Set New Password');
    expect(alertToast()).toEqual(['Missing fields', 'Please fill in all fields']);
    fill('6-digit code', '4829');
    fill('New Password', 'orange-bicycle-47');
    fill('Confirm New Password', 'orange-bicycle-47');
    await click('Set New Password');
    expect(alertToast()).toEqual(['Check the code', 'The code has 6 digits']);
    fill('6-digit code', '482 913');
    fill('Confirm New Password', 'orange-bicycle-48');
    await click('Set New Password');
    expect(alertToast()).toEqual(["Passwords don't match"]);
    expect(confirm).not.toHaveBeenCalled();

    fill('Confirm New Password', 'orange-bicycle-47');
    vi.useFakeTimers();
    await click('Set New Password');
    expect(confirm).toHaveBeenCalledWith({ identifier: '(615) 555-0142', code: '482913', password: 'orange-bicycle-47' });
    const toast = screen.getAllByRole('status').find((status) => status.classList.contains('cp-toast'))!;
    expect(within(toast).getByText('Password changed!')).toBeTruthy();
    expect(within(toast).getByText('Welcome back, Ruth! Opening your portal…')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('heading', { name: 'Portal page' })).toBeTruthy();
  });

  it("shows the server's answer to a wrong code, and sends a new code on request", async () => {
    const request = vi.spyOn(portalApi, 'requestPasswordReset').mockResolvedValue(ACCEPTED);
    vi.spyOn(portalApi, 'confirmPasswordReset').mockRejectedValue(apiError(400, INVALID));
    renderAt('/client/forgot-password');
    fill('Username, phone number or e-mail', 'ruth.a');
    await click('Send Me a Code');
    fill('6-digit code', '000000');
    fill('New Password', 'orange-bicycle-47');
    fill('Confirm New Password', 'orange-bicycle-47');
    await click('Set New Password');
    expect(alertToast()).toEqual(['Password not changed', INVALID]);
    expect(screen.getByLabelText('6-digit code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Portal page')).toBeNull();

    await click('Send a New Code');
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith('ruth.a');
  });

  it('after an e-mail address, points to the e-mail, and offers the code form when a text came instead', async () => {
    vi.spyOn(portalApi, 'requestPasswordReset').mockResolvedValue(ACCEPTED);
    renderAt('/client/forgot-password');
    fill('Username, phone number or e-mail', 'ruth@example.com');
    await click('Send Me a Code');
    expect(screen.getByText('Open the link in the e-mail we sent you to choose a new password.')).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    await click('I got a code by text message');
    expect(screen.getByLabelText('6-digit code')).toBeTruthy();
  });

  it('is in Spanish, with the agency’s branding from its link', async () => {
    vi.spyOn(portalApi, 'publicAgency').mockResolvedValue({
      agencyName: 'Sunrise Benefits',
      logoUrl: null,
      primaryColor: '#0f766e',
      agencyPhone: null,
    });
    const request = vi.spyOn(portalApi, 'requestPasswordReset').mockResolvedValue(ACCEPTED);
    renderAt('/client/forgot-password?agency=sunrise-benefits', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cambie su contraseña' })).toBeTruthy();
    expect((await screen.findByTestId('agency-band')).textContent).toBe('Sunrise Benefits');
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe(
      '/client/login?agency=sunrise-benefits',
    );
    fill('Nombre de usuario, teléfono o correo electrónico', 'ruth.a');
    await click('Enviarme un código');
    expect(request).toHaveBeenCalledWith('ruth.a');
    expect(screen.getByRole('heading', { level: 1, name: 'Revise su teléfono o su correo electrónico' })).toBeTruthy();
    expect(screen.getByLabelText('Código de 6 dígitos')).toBeTruthy();
  });
});

describe('Choose a new password (/client/reset-password?token=…)', () => {
  it('sets the password with the link’s token and opens the portal', async () => {
    const confirm = vi.spyOn(portalApi, 'confirmPasswordReset').mockResolvedValue(RUTH);
    renderAt(`/client/reset-password?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    fill('New Password', 'orange-bicycle-47');
    fill('Confirm New Password', 'orange-bicycle-47');
    vi.useFakeTimers();
    await click('Set New Password');
    expect(confirm).toHaveBeenCalledWith({ token: TOKEN, password: 'orange-bicycle-47' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('heading', { name: 'Portal page' })).toBeTruthy();
  });

  it("shows the server's message for a used or expired link, with a way to ask for a new one", async () => {
    vi.spyOn(portalApi, 'confirmPasswordReset').mockRejectedValue(apiError(400, INVALID));
    renderAt(`/client/reset-password?token=${TOKEN}`);
    fill('New Password', 'orange-bicycle-47');
    fill('Confirm New Password', 'orange-bicycle-47');
    await click('Set New Password');
    expect(alertToast()).toEqual(['Password not changed', INVALID]);
    expect(screen.getByRole('link', { name: 'Ask for a New Link' }).getAttribute('href')).toBe('/client/forgot-password');
  });

  it('refuses a password the rules refuse before sending, and points at it', async () => {
    const confirm = vi.spyOn(portalApi, 'confirmPasswordReset');
    renderAt(`/client/reset-password?token=${TOKEN}`);
    fill('New Password', 'short7!');
    fill('Confirm New Password', 'short7!');
    await click('Set New Password');
    expect(alertToast()).toEqual(['Password too short', 'Password must be at least 8 characters']);
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('says a link cut short is not complete', async () => {
    renderAt('/client/reset-password?token=abc');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeTruthy());
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a New Link' }).getAttribute('href')).toBe('/client/forgot-password');
  });
});
