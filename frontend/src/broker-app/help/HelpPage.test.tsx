import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import { HelpPage } from './HelpPage.tsx';

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

function renderHelp(path = '/help') {
  return renderWithAdmin(
    <Routes>
      <Route
        path="/help"
        element={
          <>
            <HelpPage />
            <Where />
          </>
        }
      />
      <Route path="/" element={<Where />} />
    </Routes>,
    { path },
  );
}

const panel = () => screen.getByRole('tabpanel');
const where = () => screen.getByTestId('where');

afterEach(() => localStorage.clear());

describe('the broker guide', () => {
  it('has the seven tabs of the spec and opens Quick Start by default', () => {
    renderHelp();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Quick Start',
      'Clients',
      'Reminders',
      'Campaigns',
      'Resources',
      'Settings',
      'Troubleshooting',
    ]);
    expect(screen.getByRole('tab', { name: 'Quick Start' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Quick Start' })).toBeTruthy();
    expect(
      within(panel()).getByText(
        /Client medication data, health information and client-created reminders are hidden from brokers and admins/,
      ),
    ).toBeTruthy();
  });

  it('switches tabs and puts the tab in the URL', () => {
    renderHelp();
    fireEvent.click(screen.getByRole('tab', { name: 'Clients' }));
    expect(where().textContent).toBe('/help?tab=clients');
    expect(screen.getByRole('tab', { name: 'Clients' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel()).getByText('firstName,lastName,email,phone', { exact: false })).toBeTruthy();
    expect(within(panel()).getAllByText(/E\.164/).length).toBeGreaterThan(0);
    expect(within(panel()).getByText(/expires after 7 days/)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
    expect(where().textContent).toBe('/help?tab=reminders');
    expect(within(panel()).getByText(/within a minute of their scheduled time/)).toBeTruthy();
    expect(within(panel()).getByText(/Quiet hours/)).toBeTruthy();
    expect(within(panel()).queryByText(/hourly|every hour/i)).toBeNull();
  });

  it('opens the tab named in the link', () => {
    renderHelp('/help?tab=troubleshooting');
    expect(screen.getByRole('tab', { name: 'Troubleshooting' }).getAttribute('aria-selected')).toBe('true');
    const section = within(panel()).getByRole('region', { name: 'A client did not get a reminder call or text' });
    expect(within(section).getByText(/E\.164/)).toBeTruthy();
    expect(within(section).getByText(/quiet hours/)).toBeTruthy();
    expect(within(section).getByText(/replied STOP/)).toBeTruthy();
    expect(within(panel()).getByRole('region', { name: '"You are logged out"' })).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe('/billing');
  });

  it('falls back to Quick Start for an unknown tab', () => {
    renderHelp('/help?tab=nope');
    expect(screen.getByRole('tab', { name: 'Quick Start' }).getAttribute('aria-selected')).toBe('true');
  });

  it('states the plans, trial and branding limits under Settings', () => {
    renderHelp('/help?tab=settings');
    const text = panel().textContent ?? '';
    for (const fact of [
      '$297 per month for up to 100 active clients',
      '$4',
      '$5.00 per active client',
      '60 clients',
      '30 days',
      '200x200',
      '150 characters',
    ]) {
      expect(text).toContain(fact);
    }
    expect(within(panel()).getByRole('link', { name: 'Go to Branding' }).getAttribute('href')).toBe('/branding');
  });

  it('sends the broker to the Settings page for name, agency phone and e-mail notifications', () => {
    renderHelp('/help?tab=settings');
    expect(panel().textContent).toContain('Settings for your name, agency phone and e-mail notifications');
    expect(panel().textContent).toContain('the app asks for it once after your first sign-in');
    expect(within(panel()).getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('covers campaigns tracking and opt-outs, and the resource categories', () => {
    renderHelp('/help?tab=campaigns');
    expect(panel().textContent).toMatch(/opened.*clicked/);
    expect(panel().textContent).toContain('STOP');
    fireEvent.click(screen.getByRole('tab', { name: 'Resources' }));
    expect(panel().textContent).toContain('General, Training Materials, Sales Scripts, Templates, Compliance and Marketing');
  });

  it('restarts the tour: clears the completion flag and goes to the dashboard', () => {
    localStorage.setItem('tour_completed_broker_welcome', 'true');
    renderHelp('/help?tab=settings');
    fireEvent.click(screen.getByRole('button', { name: 'Restart tour' }));
    expect(localStorage.getItem('tour_completed_broker_welcome')).toBeNull();
    expect(where().textContent).toBe('/');
    expect(JSON.parse(where().dataset.state!)).toEqual({ restartTour: true });
  });
});
