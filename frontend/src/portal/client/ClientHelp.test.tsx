import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { CLIENT_LOGOUT_URL, portalApi } from '../api.ts';
import { MemoryRouter, Route, Routes, useLocation } from '../router.tsx';
import { ClientHelp } from './ClientHelp.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderHelp(path = '/client/help') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/client/help" element={<ClientHelp />} />
        <Route path="/client/portal" element={<h1>Portal page</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

beforeEach(() => {
  vi.spyOn(portalApi, 'branding').mockResolvedValue({
    agencyName: 'Sunny Day Insurance',
    logoUrl: null,
    primaryColor: '#fde047',
    sponsorMessage: '',
    disclaimer: null,
    agencyPhone: null,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('client guide', () => {
  it('has the five topics as accessible tabs, Getting Started first, with the portal header', async () => {
    renderHelp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Guide' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Getting Started',
      'Medications',
      'Reminders',
      'Privacy',
      'Help',
    ]);
    expect(tab('Getting Started').getAttribute('aria-selected')).toBe('true');
    expect(tab('Getting Started').tabIndex).toBe(0);
    expect(tab('Reminders').tabIndex).toBe(-1);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Getting Started').id);
    expect(within(panel()).getByRole('heading', { name: 'Signing in' })).toBeTruthy();
    expect(await screen.findByText('Sunny Day Insurance')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe(CLIENT_LOGOUT_URL);
    expect(screen.getByRole('link', { name: /Back to My Portal/ }).getAttribute('href')).toBe('/client/portal');
  });

  it('opens the tab named in the address and puts the chosen tab there', async () => {
    renderHelp('/client/help?tab=reminders');
    await screen.findByText('Sunny Day Insurance');
    expect(tab('Reminders').getAttribute('aria-selected')).toBe('true');
    const text = panel().textContent ?? '';
    expect(text).toContain('within about a minute');
    expect(text).toContain('press 1 to confirm');
    expect(text).toContain('reply STOP');
    expect(text).toContain('the reminder keeps going until you pause or delete it');
    fireEvent.click(tab('Privacy'));
    expect(where()).toBe('/client/help?tab=privacy');
    expect(panel().textContent).toContain('Only you can see your medications and your reminders.');
    expect(panel().textContent).toContain('Your broker cannot see them.');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around', async () => {
    renderHelp('/client/help?tab=quickstart');
    await screen.findByText('Sunny Day Insurance');
    fireEvent.keyDown(tab('Getting Started'), { key: 'ArrowRight' });
    expect(tab('Medications').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Medications'));
    expect(where()).toBe('/client/help?tab=medications');
    fireEvent.keyDown(tab('Medications'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Help'));
    fireEvent.keyDown(tab('Help'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Getting Started'));
    fireEvent.keyDown(tab('Getting Started'), { key: 'ArrowLeft' });
    expect(where()).toBe('/client/help?tab=help');
    fireEvent.keyDown(tab('Help'), { key: 'Home' });
    expect(where()).toBe('/client/help?tab=quickstart');
  });

  it('names the agency to contact, and says how to get a new password', async () => {
    renderHelp('/client/help?tab=help');
    await screen.findByText('Sunny Day Insurance');
    expect(panel().textContent).toContain('For help with your portal or your plan, contact Sunny Day Insurance.');
    expect(panel().textContent).toContain('On the sign-in page, press Forgot your password?');
    expect(panel().textContent).toContain('Press Call my agent at the top of any page to call them.');
  });

  it('falls back to Getting Started for an unknown tab', async () => {
    renderHelp('/client/help?tab=nope');
    await screen.findByText('Sunny Day Insurance');
    expect(tab('Getting Started').getAttribute('aria-selected')).toBe('true');
  });

  it('Restart tour clears the flag and goes to the portal', async () => {
    localStorage.setItem('tour_completed_client_welcome', 'true');
    renderHelp();
    fireEvent.click(await screen.findByRole('button', { name: 'Restart tour' }));
    expect(localStorage.getItem('tour_completed_client_welcome')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Portal page' })).toBeTruthy();
    expect(where()).toBe('/client/portal');
  });

  it('also opens signed out, with the default agency name and Sign In', async () => {
    vi.mocked(portalApi.branding).mockRejectedValue(new ApiError(401, '401: {"statusCode":401,"message":"Unauthorized"}', {}));
    renderHelp('/client/help?tab=help');
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/client/login');
    expect(screen.queryByRole('link', { name: 'Sign Out' })).toBeNull();
    expect(panel().textContent).toContain('contact Your Healthcare Team');
  });
});
