import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin, TEST_USER, testUserAs } from '../testUtils.tsx';
import { ADMIN_MENU, isActive, MAIN_MENU } from './menu.ts';
import { Shell } from './Shell.tsx';
import { initials, SidebarContent } from './Sidebar.tsx';
import { isSidebarShortcut, readSidebarCookie, SIDEBAR_COOKIE } from './sidebarState.ts';
import { MENU_TITLES } from './texts.ts';

afterEach(() => {
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
});

describe('the sidebar', () => {
  it('lists the main menu of the spec in order, without the admin group for a broker', () => {
    renderWithAdmin(<SidebarContent user={TEST_USER} compact={false} showOutbox={false} />, { path: '/clients' });
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Clients',
      'Reminders',
      'Campaigns',
      'Resources',
      'Billing',
      'Branding',
      'Client Portal Preview',
      'Help',
      'Inbox',
      'Tasks',
      'Commissions',
      'Compliance',
      'Team',
      'Activity log',
      'Settings',
      'API access',
      'Sign Out',
    ]);
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
    expect(screen.getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout');
  });

  it('offers a member only the pages their role allows: no Billing, Branding, API access or Activity log for an assistant', () => {
    const assistant = testUserAs('assistant');
    renderWithAdmin(<SidebarContent user={assistant} compact={false} showOutbox={false} />, { path: '/clients' });
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links).not.toContain('Billing');
    expect(links).not.toContain('Branding');
    expect(links).not.toContain('API access');
    expect(links).not.toContain('Activity log');
    expect(links).toEqual(expect.arrayContaining(['Clients', 'Reminders', 'Campaigns', 'Team', 'Settings']));
  });

  it('offers the Activity log to a read-only member (a compliance reviewer) and not to an agent', () => {
    const readOnly = testUserAs('read_only', 'm3');
    const { unmount } = renderWithAdmin(<SidebarContent user={readOnly} compact={false} showOutbox={false} />, { path: '/activity-log' });
    const log = screen.getByRole('link', { name: 'Activity log' });
    expect(log.getAttribute('href')).toBe('/activity-log');
    expect(log.getAttribute('aria-current')).toBe('page');
    unmount();
    const agent = testUserAs('agent', 'm4');
    renderWithAdmin(<SidebarContent user={agent} compact={false} showOutbox={false} />, { path: '/clients' });
    expect(screen.queryByRole('link', { name: 'Activity log' })).toBeNull();
  });

  it('shows the admin group to an admin', () => {
    renderWithAdmin(<SidebarContent user={{ ...TEST_USER, isAdmin: true }} compact={false} showOutbox={false} />, {
      path: '/admin/brokers',
    });
    const admin = screen.getByRole('list', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(ADMIN_MENU.map((i) => MENU_TITLES[i.to]));
    expect(within(admin).getByRole('link', { name: 'Brokers' }).getAttribute('aria-current')).toBe('page');
    expect(within(admin).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows agency name and logo, or the defaults, and the user footer', () => {
    renderWithAdmin(
      <SidebarContent user={{ ...TEST_USER, agencyName: '', logoUrl: null, firstName: null, lastName: null }} compact={false} showOutbox />,
    );
    expect(screen.getByText('CareKeep')).toBeTruthy();
    expect(screen.getByText('U')).toBeTruthy();
    expect(screen.getByText('dana@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Outbox (development)' }).getAttribute('href')).toBe('/dev/outbox');
  });

  it('shows the development outbox only when the server offers it (messages go there, no provider)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]', { status: 200 }));
    const { unmount } = renderWithAdmin(<Shell>content</Shell>);
    expect(await screen.findByRole('link', { name: 'Outbox (development)' })).toBeTruthy();
    expect(fetch.mock.calls[0][0]).toContain('/api/dev/outbox');
    unmount();

    fetch.mockResolvedValue(new Response('{"statusCode":404}', { status: 404 }));
    renderWithAdmin(<Shell>content</Shell>);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Outbox/ })).toBeNull();
    fetch.mockRestore();
  });

  it('never cuts the agency name without a way to read it: two lines, the full name on hover, a tooltip when collapsed', async () => {
    const agencyName = 'Whitfield Medicare Advisors and Senior Benefits Planning of Greater Northern Michigan';
    const { unmount } = renderWithAdmin(<SidebarContent user={{ ...TEST_USER, agencyName }} compact={false} showOutbox={false} />);
    const name = screen.getByTestId('sidebar-agency-name');
    expect(name.textContent).toBe(agencyName);
    expect(name.getAttribute('title')).toBe(agencyName);
    expect(getComputedStyle(name).whiteSpace).not.toBe('nowrap');
    // The user's name and e-mail in the footer stay on one line, in full on hover.
    expect(screen.getByText('Dana Whitfield').getAttribute('title')).toBe('Dana Whitfield');
    expect(screen.getByText('dana@example.com').getAttribute('title')).toBe('dana@example.com');
    unmount();

    renderWithAdmin(<SidebarContent user={{ ...TEST_USER, agencyName }} compact showOutbox={false} />);
    expect(screen.queryByText(agencyName)).toBeNull();
    fireEvent.mouseOver(screen.getByLabelText('Agency'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(agencyName);
  });

  it('makes initials from first and last name, U when there are none', () => {
    expect(initials({ firstName: 'dana', lastName: 'Whitfield' })).toBe('DW');
    expect(initials({ firstName: 'Dana', lastName: null })).toBe('D');
    expect(initials({ firstName: null, lastName: null })).toBe('U');
  });

  it('highlights by path: exact for / and /admin, prefix for the others', () => {
    const [dashboard, clients] = MAIN_MENU;
    expect(isActive(dashboard, '/')).toBe(true);
    expect(isActive(dashboard, '/clients')).toBe(false);
    expect(isActive(clients, '/clients/123')).toBe(true);
    expect(isActive(clients, '/clientsx')).toBe(false);
    expect(isActive(ADMIN_MENU[0], '/admin/brokers')).toBe(false);
  });
});

describe('the sidebar state', () => {
  it('reads the sidebar_state cookie, expanded by default', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('recognises Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'c', ctrlKey: true, metaKey: false })).toBe(false);
  });

  it('collapses with Ctrl+B and remembers it in the cookie for 7 days', () => {
    renderWithAdmin(<Shell>content</Shell>);
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.dataset.state).toBe('expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar.dataset.state).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(sidebar.dataset.state).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });
});
