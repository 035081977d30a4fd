import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { MemoryRouter, Route, Routes, useLocation } from '../router.tsx';
import type { InviteLookup } from '../types.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { ClientRegister } from './ClientRegister.tsx';

const INVALID_TEXT = 'This invitation link is invalid or has expired. Please contact your broker for a new invitation.';
/** An agency with no name, logo or phone of its own: the defaults the server sends. */
const DEFAULT_AGENCY = { agencyName: 'Your Healthcare Team', logoUrl: null, primaryColor: '#2563eb', agencyPhone: null };
const RUTH: InviteLookup = { firstName: 'Ruth', lastName: 'Alvarez', language: 'en', agency: DEFAULT_AGENCY };

function renderRegister(path = '/client/register/tok-123') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ToastProvider>
        <Routes>
          <Route path="/client/register/:token" element={<ClientRegister />} />
          <Route path="/client/invite/:token" element={<ClientRegister />} />
          <Route path="/client/register" element={<ClientRegister />} />
          <Route path="/client/login" element={<h1>Login page</h1>} />
          <Route path="/client/portal" element={<h1>Portal page</h1>} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

/** The sign-in page, noting the query it was opened with. */
function LoginSpy({ seen }: { seen: string[] }) {
  seen.push(useLocation().search);
  return <h1>Login page</h1>;
}

function fill(values: { username?: string; password?: string; confirm?: string }) {
  const labels = { username: 'Username', password: 'Password', confirm: 'Confirm Password' } as const;
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[field as keyof typeof labels]), { target: { value } });
  }
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  });
}

function alertToast() {
  return [...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent);
}

async function renderForm(path?: string) {
  const lookup = vi.spyOn(portalApi, 'lookupInvite').mockResolvedValue(RUTH);
  const register = vi.spyOn(portalApi, 'register');
  renderRegister(path);
  await screen.findByRole('heading', { level: 1, name: 'Create Your Account' });
  return { lookup, register };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ClientRegister', () => {
  it('looks the invitation up with a spinner, then greets the client by first name', async () => {
    let answer: (value: InviteLookup) => void = () => undefined;
    const lookup = vi.spyOn(portalApi, 'lookupInvite').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderRegister('/client/register/tok-123');
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(lookup).toHaveBeenCalledWith('tok-123');

    await act(async () => answer(RUTH));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeTruthy();
    expect(screen.getByText('Welcome, Ruth!')).toBeTruthy();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.autocomplete).toBe('username');
    for (const label of ['Password', 'Confirm Password']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('password');
      expect(input.autocomplete).toBe('new-password');
    }
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(screen.getByText('At least 8 characters').id);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/client/login');
  });

  it('carries the inviting agency’s logo, name and colour', async () => {
    vi.spyOn(portalApi, 'lookupInvite').mockResolvedValue({
      ...RUTH,
      agency: { agencyName: 'Sunrise Benefits', logoUrl: '/api/public/logos/sunrise.png', primaryColor: '#fbbf24', agencyPhone: null },
    });
    renderRegister();
    await screen.findByRole('heading', { level: 1, name: 'Create Your Account' });
    const band = screen.getByTestId('agency-band');
    expect(within(band).getByRole('img', { name: 'Sunrise Benefits' }).getAttribute('src')).toBe('/api/public/logos/sunrise.png');
    expect(screen.getByText('Sunrise Benefits invited you to your private portal for your medications and reminders.')).toBeTruthy();
    // A light yellow is darkened until white reads on it at 4.5:1.
    const brand = (screen.getByRole('main') as HTMLElement).style.getPropertyValue('--cp-brand');
    expect(brand).toMatch(/^#[0-9a-f]{6}$/);
    expect(brand).not.toBe('#fbbf24');
  });

  it('works from the /client/invite/{token} link too', async () => {
    const { lookup } = await renderForm('/client/invite/tok-456');
    expect(lookup).toHaveBeenCalledWith('tok-456');
    expect(screen.getByText('Welcome, Ruth!')).toBeTruthy();
  });

  it('shows the Invalid Invitation screen when the lookup fails, with a way to sign in', async () => {
    const body = { statusCode: 404, message: 'Invalid or expired invitation' };
    vi.spyOn(portalApi, 'lookupInvite').mockRejectedValue(new ApiError(404, `404: ${JSON.stringify(body)}`, body));
    renderRegister('/client/register/expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Invitation' })).toBeTruthy();
    expect(screen.getByText(INVALID_TEXT)).toBeTruthy();
    expect(alertToast()).toEqual(['Invalid or expired invitation']);
    expect(screen.queryByLabelText('Username')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it('sends a client who taps their invitation again, once registered, to sign in with their agency, and says nothing is wrong', async () => {
    const body = {
      statusCode: 409,
      message: 'You already have an account: sign in with your username and password.',
      alreadyRegistered: true,
      agencySlug: 'sunrise-benefits',
      language: 'en',
    };
    vi.spyOn(portalApi, 'lookupInvite').mockRejectedValue(new ApiError(409, `409: ${JSON.stringify(body)}`, body));
    const seen: string[] = [];
    render(
      <MemoryRouter initialEntries={['/client/register/used-token']}>
        <ToastProvider>
          <Routes>
            <Route path="/client/register/:token" element={<ClientRegister />} />
            <Route path="/client/login" element={<LoginSpy seen={seen} />} />
          </Routes>
        </ToastProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'You already have an account' })).toBeTruthy();
    expect(screen.getByText('You set up your account with this invitation. Sign in with your username and password.')).toBeTruthy();
    expect(screen.queryByText('Invalid Invitation')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(seen.at(-1)).toBe('?agency=sunrise-benefits');
  });

  it('says the invitation token is missing when the link has none', async () => {
    const lookup = vi.spyOn(portalApi, 'lookupInvite');
    renderRegister('/client/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Invitation' })).toBeTruthy();
    await waitFor(() => expect(alertToast()).toEqual(['Invalid invitation', 'Missing invitation token']));
    expect(lookup).not.toHaveBeenCalled();
  });

  it('requires every field', async () => {
    const { register } = await renderForm();
    await submit();
    expect(alertToast()).toEqual(['Missing fields', 'Please fill in all fields']);
    for (const label of ['Username', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));

    fill({ username: '   ', password: 'violet-tractor-91', confirm: 'violet-tractor-91' });
    await submit();
    expect(alertToast()).toEqual(['Missing fields', 'Please fill in all fields']);

    fill({ username: 'ruth.a', confirm: '' });
    await submit();
    expect(alertToast()).toEqual(['Missing fields', 'Please fill in all fields']);
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm Password'));
    expect(register).not.toHaveBeenCalled();
  });

  it("says when the passwords don't match", async () => {
    const { register } = await renderForm();
    fill({ username: 'ruth.a', password: 'violet-tractor-91', confirm: 'violet-tractor-92' });
    await submit();
    expect(alertToast()).toEqual(["Passwords don't match"]);
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe("Passwords don't match");
    expect(document.activeElement).toBe(confirm);
    expect(register).not.toHaveBeenCalled();
  });

  it('requires at least 8 characters', async () => {
    const { register } = await renderForm();
    fill({ username: 'ruth.a', password: 'short12', confirm: 'short12' });
    await submit();
    expect(alertToast()).toEqual(['Password too short', 'Password must be at least 8 characters']);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(register).not.toHaveBeenCalled();
  });

  it('posts the token, username and password, says so, and opens the portal after 1 s', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/client/register'
        ? new Response(JSON.stringify({ firstName: 'Ruth', lastName: 'Alvarez', username: 'ruth.a' }), { status: 201 })
        : new Response(JSON.stringify({ firstName: 'Ruth', lastName: 'Alvarez' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRegister('/client/invite/tok-789');
    await screen.findByRole('heading', { level: 1, name: 'Create Your Account' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/client/invite/tok-789');

    vi.useFakeTimers();
    fill({ username: ' ruth.a ', password: 'violet-tractor-91', confirm: 'violet-tractor-91' });
    await submit();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/client/register') as unknown as [string, RequestInit];
    expect(call[1].method).toBe('POST');
    expect(JSON.parse(call[1].body as string)).toEqual({ token: 'tok-789', username: 'ruth.a', password: 'violet-tractor-91' });
    expect(within(screen.getByRole('status')).getByText('Registration successful!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Creating Account…' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByText('Portal page')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('heading', { name: 'Portal page' })).toBeTruthy();
  });

  it("shows the server's message when registration fails", async () => {
    const { register } = await renderForm();
    const body = { statusCode: 409, message: 'That username is already taken. Please choose another.' };
    register.mockRejectedValue(new ApiError(409, `409: ${JSON.stringify(body)}`, body));
    fill({ username: 'ruth.a', password: 'violet-tractor-91', confirm: 'violet-tractor-91' });
    await submit();
    expect(alertToast()).toEqual(['Registration failed', 'That username is already taken. Please choose another.']);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Portal page')).toBeNull();
  });

  it("falls back to 'Please try again' without a server message", async () => {
    const { register } = await renderForm();
    register.mockRejectedValue(new ApiError(502, '502: Bad Gateway', 'Bad Gateway'));
    fill({ username: 'ruth.a', password: 'violet-tractor-91', confirm: 'violet-tractor-91' });
    await submit();
    expect(alertToast()).toEqual(['Registration failed', 'Please try again']);
  });
});
