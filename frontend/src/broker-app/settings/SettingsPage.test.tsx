import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { CURRENT_USER_KEY } from '../providers/currentUser.ts';
import { renderWithAdmin, TEST_USER, testUserAs } from '../testUtils.tsx';
import type { CurrentUser, Profile } from '../types.ts';
import { SettingsPage } from './SettingsPage.tsx';

const PROFILE: Profile = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana@example.com',
  agencyPhone: '+15550102000',
  emailNotifications: true,
  weeklyDigest: false,
  language: 'en',
  timeZone: 'America/New_York',
};

function renderSettings(dataProvider: Record<string, unknown> = {}, user: CurrentUser = TEST_USER) {
  return renderWithAdmin(<SettingsPage />, {
    path: '/settings',
    dataProvider: { getProfile: vi.fn().mockResolvedValue(PROFILE), ...dataProvider },
    user,
  });
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('the Settings page', () => {
  it('shows the saved profile: name, e-mail (read-only), agency phone and e-mail notifications', async () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(((await screen.findByLabelText(/First name/)) as HTMLInputElement).value).toBe('Dana');
    expect(input(/Last name/).value).toBe('Whitfield');
    expect(input(/^E-mail$/).value).toBe('dana@example.com');
    expect(input(/^E-mail$/).readOnly).toBe(true);
    expect(input(/Agency Phone/).value).toBe('+15550102000');
    expect((screen.getByRole('switch', { name: 'E-mail me about my clients' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/when a client confirms or refuses a phone or e-mail change you asked for/)).toBeTruthy();
  });

  it('sends the edits trimmed and puts the new name in the current user (the sidebar)', async () => {
    const answer: Profile = { ...PROFILE, firstName: 'Dana Marie', agencyPhone: '+16155550100', emailNotifications: false };
    const updateProfile = vi.fn().mockResolvedValue(answer);
    const { queryClient } = renderSettings({ updateProfile });
    await screen.findByDisplayValue('Dana');
    type(/First name/, '  Dana Marie ');
    type(/Agency Phone/, ' (615) 555-0100 ');
    fireEvent.click(screen.getByRole('switch', { name: 'E-mail me about my clients' }));
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(updateProfile).toHaveBeenCalledWith({
        firstName: 'Dana Marie',
        lastName: 'Whitfield',
        agencyPhone: '(615) 555-0100',
        emailNotifications: false,
        weeklyDigest: false,
        timeZone: 'America/New_York',
      }),
    );
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    const user = queryClient.getQueryData(CURRENT_USER_KEY) as CurrentUser;
    expect([user.firstName, user.lastName, user.agencyPhone]).toEqual(['Dana Marie', 'Whitfield', '+16155550100']);
    expect(input(/Agency Phone/).value).toBe('+16155550100');
  });

  it('has the weekly digest switch beside e-mail notifications and saves it through the profile', async () => {
    const updateProfile = vi.fn().mockResolvedValue({ ...PROFILE, weeklyDigest: true });
    renderSettings({ updateProfile });
    const digest = (await screen.findByRole('switch', { name: 'Weekly digest e-mail' })) as HTMLInputElement;
    expect(digest.checked).toBe(false);
    expect(
      screen.getByText(
        'Every Monday at 8:00 AM: clients newly at risk, lapsed consents, upcoming birthdays and anniversaries, campaign results',
      ),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(digest);
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(updateProfile).toHaveBeenCalledWith(expect.objectContaining({ weeklyDigest: true, emailNotifications: true })),
    );
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Weekly digest e-mail' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sets the time zone the digest and scheduled sends follow, and offers this device’s', async () => {
    // This device is in Arizona.
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const arizona = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'America/Phoenix' };
    });
    const updateProfile = vi.fn(async (input: { timeZone: string }) => ({ ...PROFILE, timeZone: input.timeZone }));
    renderSettings({ updateProfile });
    const zone = (await screen.findByRole('combobox', { name: 'Time Zone' })) as HTMLSelectElement;
    expect(zone.value).toBe('America/New_York');
    expect(screen.getByText(/8:00 AM on Mondays in this time zone/)).toBeTruthy();
    // The US zones come first.
    expect([...zone.options].slice(0, 3).map((option) => option.textContent)).toEqual([
      'America/New York',
      'America/Chicago',
      'America/Denver',
    ]);
    fireEvent.change(zone, { target: { value: 'America/Chicago' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith(expect.objectContaining({ timeZone: 'America/Chicago' })));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use this device’s time zone (America/Phoenix)' }));
    expect(zone.value).toBe('America/Phoenix');
    // Once it is the chosen one, the offer goes.
    expect(screen.queryByRole('button', { name: /Use this device’s time zone/ })).toBeNull();
    arizona.mockRestore();
  });

  it('lets a member who does not manage the branding edit only their own name: the agency’s settings are not offered', async () => {
    const updateProfile = vi.fn().mockResolvedValue({ ...PROFILE, firstName: 'Ana' });
    const assistant = testUserAs('assistant');
    renderSettings({ updateProfile }, assistant);
    await screen.findByDisplayValue('Dana');
    expect(screen.queryByLabelText(/Agency Phone/)).toBeNull();
    expect(screen.queryByRole('switch', { name: 'E-mail me about my clients' })).toBeNull();
    expect(screen.queryByLabelText(/Time zone/)).toBeNull();
    type(/First name/, 'Ana');
    fireEvent.click(saveButton());
    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith({ firstName: 'Ana', lastName: 'Whitfield' }));
  });

  it('will not send an empty or too long name', async () => {
    const updateProfile = vi.fn();
    renderSettings({ updateProfile });
    await screen.findByDisplayValue('Dana');
    type(/First name/, '   ');
    type(/Last name/, 'x'.repeat(101));
    fireEvent.click(saveButton());
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name must be at most 100 characters')).toBeTruthy();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the field and in a toast', async () => {
    const refusal = {
      statusCode: 400,
      message: 'agencyPhone is not a valid phone number',
      field: 'agencyPhone',
      errors: { agencyPhone: 'agencyPhone is not a valid phone number' },
    };
    const updateProfile = vi.fn().mockRejectedValue(new ApiError(400, `400: ${JSON.stringify(refusal)}`, refusal));
    renderSettings({ updateProfile });
    await screen.findByDisplayValue('Dana');
    type(/Agency Phone/, '555-01');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('agencyPhone is not a valid phone number').length).toBe(2));
    expect(input(/Agency Phone/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says when there is no e-mail address to send notifications to', async () => {
    renderWithAdmin(<SettingsPage />, {
      path: '/settings',
      user: { ...TEST_USER, email: '' },
      dataProvider: { getProfile: vi.fn().mockResolvedValue({ ...PROFILE, email: null }) },
    });
    // Under both e-mail switches: notifications and the weekly digest.
    expect((await screen.findAllByText(/We have no e-mail address for you, so nothing can be sent\./)).length).toBe(2);
    expect(screen.getAllByText('Your sign-in provider did not give an e-mail address.').length).toBeGreaterThan(0);
  });
});
