import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import { AdminHelpPage } from './AdminHelpPage.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderGuide(path = '/admin/help') {
  return renderWithAdmin(
    <Routes>
      <Route
        path="/admin/help"
        element={
          <>
            <AdminHelpPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { path, user: { ...TEST_USER, isAdmin: true } },
  );
}

const panel = () => screen.getByRole('tabpanel');
const section = (name: string) => within(panel()).getByRole('region', { name });
const where = () => screen.getByTestId('where').textContent;
const open = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('the admin guide', () => {
  it('has the seven tabs of the spec and opens Quick Start by default', () => {
    renderGuide();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Guide' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Quick Start',
      'Dashboard',
      'Brokers',
      'Revenue',
      'Resources',
      'Operations',
      'Help',
    ]);
    expect(screen.getByRole('tab', { name: 'Quick Start' }).getAttribute('aria-selected')).toBe('true');
    expect(within(section('Who is an admin')).getByText('npm run admin:grant -- EMAIL')).toBeTruthy();
    const privacy = section('What admins can and cannot see');
    expect(within(privacy).getByText(/never see clients’ medications/)).toBeTruthy();
    expect(
      within(privacy).getByText(/Admins can see broker-created reminders, client contact details and aggregate statistics/),
    ).toBeTruthy();
  });

  it('puts the open tab in the URL and opens the tab named in a link', () => {
    renderGuide('/admin/help?tab=operations');
    expect(screen.getByRole('tab', { name: 'Operations' }).getAttribute('aria-selected')).toBe('true');
    const daily = section('Every day');
    expect(within(daily).getByText(/Check the Admin Dashboard/)).toBeTruthy();
    expect(within(daily).getByText('Respond to brokers within 24 hours.')).toBeTruthy();
    open('Revenue');
    expect(where()).toBe('/admin/help?tab=revenue');
    expect(screen.getByRole('tab', { name: 'Revenue' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens Quick Start for an unknown tab', () => {
    renderGuide('/admin/help?tab=nope');
    expect(screen.getByRole('tab', { name: 'Quick Start' }).getAttribute('aria-selected')).toBe('true');
  });

  it('explains how MRR, ARR and net profit are computed, with the prices', () => {
    renderGuide('/admin/help?tab=revenue');
    const plans = section('Plans');
    expect(within(plans).getByText(/\$297 a month for up to 100 active clients.*\$4 a month per active client over 100/)).toBeTruthy();
    expect(within(plans).getByText(/\$5\.00 per active client per month/)).toBeTruthy();
    expect(within(plans).getByText(/Free trial: 30 days/)).toBeTruthy();
    const formulas = within(section('The formulas')).getByText(/MRR\s+= Flat brokers × \$297/).textContent;
    expect(formulas).toMatch(/ARR\s+= MRR × 12/);
    expect(formulas).toMatch(/Net profit = revenue − telephony costs − operating costs/);
    expect(within(section('Costs')).getByText(/\$0\.02 per reminder call and \$0\.01 per text message/)).toBeTruthy();
    expect(within(section('A worked example')).getByText(/MRR \$617 and ARR \$7,404.*net profit is \$572/)).toBeTruthy();
  });

  it('covers trials, statuses, changes and the audit log under Brokers', () => {
    renderGuide('/admin/help?tab=brokers');
    const statuses = section('Subscription statuses');
    expect(within(statuses).getByText(/Past Due: a payment failed. This is usually temporary/)).toBeTruthy();
    expect(within(statuses).getByText(/Canceled: .*set the status to Active and verify the broker’s payment method/)).toBeTruthy();
    const extend = section('Extending a trial');
    expect(within(extend).getByText(/Enter 1 to 90 days, or pick 7, 14 or 30/)).toBeTruthy();
    expect(within(extend).getByText('Only brokers whose status is Trial can be extended.')).toBeTruthy();
    expect(within(section('Changing a subscription')).getByText(/apply immediately, with automatic proration/)).toBeTruthy();
    expect(
      within(section('The audit log')).getByText(/the action, the admin who made it, notes, and the values before and after/),
    ).toBeTruthy();
  });

  it('covers categories, files, inactive, public links and permanent deletion under Resources', () => {
    renderGuide('/admin/help?tab=resources');
    const upload = section('Uploading a resource');
    expect(within(upload).getByText(/Scripts, Templates, Training, Compliance and Marketing/)).toBeTruthy();
    expect(within(upload).getByText(/PDF, Word documents \(DOCX\).*images.*video/)).toBeTruthy();
    expect(within(section('Active and inactive')).getByText(/hide it from brokers without deleting it/)).toBeTruthy();
    expect(within(section('Public links')).getByText(/anyone can open without signing in/)).toBeTruthy();
    const deleting = section('Editing and deleting');
    expect(within(deleting).getByText(/A file cannot be replaced/)).toBeTruthy();
    expect(within(deleting).getByText(/Deletion is permanent/)).toBeTruthy();
  });

  it('gives the troubleshooting advice of the spec under Help', () => {
    renderGuide();
    open('Help');
    expect(where()).toBe('/admin/help?tab=help');
    const revenue = section('Revenue is negative or looks wrong');
    expect(
      within(revenue)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Verify the client count of the brokers concerned.',
      'Check for deactivated clients: only active clients count towards revenue.',
      'Recalculate: choose Refresh on the Admin Dashboard to compute the figures again from the current data.',
      'Check the audit logs for recent tier or status changes.',
    ]);
    const trial = section('A trial extension fails');
    expect(within(trial).getByText(/Verify the trial status/)).toBeTruthy();
    expect(within(trial).getByText(/Verify the days are positive/)).toBeTruthy();
    const access = section('A broker lacks access to features');
    expect(within(access).getByText(/Check their status/)).toBeTruthy();
    expect(within(access).getByText(/Check the trial expiry/)).toBeTruthy();
    expect(within(section('Helping brokers')).getByRole('link', { name: 'Broker guide' }).getAttribute('href')).toBe('/help');
  });
});
