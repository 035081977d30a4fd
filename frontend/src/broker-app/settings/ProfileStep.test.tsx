import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/http.ts';
import { SidebarContent } from '../layout/Sidebar.tsx';
import { SIDEBAR_TEXTS } from '../layout/texts.ts';
import { authProvider } from '../providers/authProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { renderWithAdmin, TEST_USER } from '../testUtils.tsx';
import type { CurrentUser, Profile } from '../types.ts';
import { displayName, needsProfile } from './profile.ts';
import { ProfileStep } from './ProfileStep.tsx';

const NEW_BROKER: CurrentUser = { ...TEST_USER, firstName: null, lastName: null, email: 'qa.broker.1795444762483@agency.test' };

/** The step over the sidebar, as in the app. */
function Shell() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <SidebarContent user={user} compact={false} showOutbox={false} />
      <ProfileStep />
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Welcome! What is your name?' });
/** The dialog is its own chunk: it shows once loaded. */
const opened = () => screen.findByRole('dialog', { name: 'Welcome! What is your name?' });
const type = (label: RegExp, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('the profile step', () => {
  it('asks a broker with no name for it, and shows the e-mail meanwhile, never a made-up name', async () => {
    renderWithAdmin(<Shell />, { user: NEW_BROKER });
    await opened();
    expect(dialog().getAttribute('aria-describedby')).toBe('profile-step-description');
    expect(within(dialog()).getByText(/Your sign-in provider did not tell us your name/)).toBeTruthy();
    expect(screen.getByTestId('sidebar-user-name').textContent).toBe('qa.broker.1795444762483@agency.test');
    expect(within(dialog()).getByRole('link', { name: SIDEBAR_TEXTS.signOut }).getAttribute('href')).toBe('/api/logout');
    expect(document.activeElement).toBe(within(dialog()).getByLabelText(/First name/));
  });

  it('does not show for a broker who has a name', async () => {
    renderWithAdmin(<Shell />);
    // With the dialog's chunk loaded, it would be showing by now.
    await act(async () => {
      await import('./ProfileStepDialog.tsx');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('sidebar-user-name').textContent).toBe('Dana Whitfield');
  });

  it('requires both names, trimmed; Escape does not close it', async () => {
    const updateProfile = vi.fn();
    renderWithAdmin(<Shell />, { user: NEW_BROKER, dataProvider: { updateProfile } });
    await opened();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    type(/First name/, '   ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog()).findByText('First name is required')).toBeTruthy();
    expect(within(dialog()).getByText('Last name is required')).toBeTruthy();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('saves the name, shows it in the sidebar, and goes away for good', async () => {
    const answer: Profile = {
      firstName: 'Quinn',
      lastName: 'Avery',
      email: NEW_BROKER.email,
      agencyPhone: '',
      timeZone: 'America/New_York',
      emailNotifications: true,
      weeklyDigest: false,
      language: 'en',
    };
    const updateProfile = vi.fn().mockResolvedValue(answer);
    renderWithAdmin(<Shell />, { user: NEW_BROKER, dataProvider: { updateProfile } });
    await opened();
    type(/First name/, ' Quinn ');
    type(/Last name/, 'Avery  ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updateProfile).toHaveBeenCalledWith({ firstName: 'Quinn', lastName: 'Avery' });
    expect(screen.getByTestId('sidebar-user-name').textContent).toBe('Quinn Avery');
  });

  it('keeps asking, with the server’s reason, when saving fails', async () => {
    const refusal = {
      statusCode: 400,
      message: 'Last name must be at most 100 characters',
      errors: { lastName: 'Last name must be at most 100 characters' },
    };
    const updateProfile = vi.fn().mockRejectedValue(new ApiError(400, `400: ${JSON.stringify(refusal)}`, refusal));
    renderWithAdmin(<Shell />, { user: NEW_BROKER, dataProvider: { updateProfile } });
    await opened();
    type(/First name/, 'Quinn');
    type(/Last name/, 'Avery');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Failed to save your name')).toBeTruthy();
    expect(await within(dialog()).findByText('Last name must be at most 100 characters')).toBeTruthy();
  });
});

describe('names', () => {
  it.each([
    [{ firstName: null, lastName: null }, true],
    [{ firstName: 'Cher', lastName: null }, true],
    [{ firstName: ' ', lastName: 'Lee' }, true],
    [{ firstName: 'Quinn', lastName: 'Avery' }, false],
  ])('needsProfile(%j) is %s', (user, expected) => {
    expect(needsProfile(user)).toBe(expected);
  });

  it('shows the e-mail when there is no name', () => {
    expect(displayName({ firstName: null, lastName: null, email: 'a@b.test' })).toBe('a@b.test');
    expect(displayName({ firstName: 'Quinn', lastName: null, email: 'a@b.test' })).toBe('Quinn');
  });

  it('gives react-admin the e-mail as the identity of a user with no name', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(NEW_BROKER), { status: 200 }));
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({ fullName: 'qa.broker.1795444762483@agency.test' });
    fetchMock.mockRestore();
  });
});
