import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import type { CareKeepDataProvider } from '../providers/dataProvider.ts';
import { renderWithAdmin, TEST_USER, testUserAs } from '../testUtils.tsx';
import type { CurrentUser, InvitedMember, Member } from '../types.ts';
import { TeamPage } from './TeamPage.tsx';

const OWNER: Member = {
  id: 'm1',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Whitfield',
  role: 'owner',
  status: 'active',
  clients: 40,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSignInAt: new Date(2026, 10, 28, 9, 30).toISOString(),
  invitationExpiresAt: null,
};
const AGENT: Member = { ...OWNER, id: 'm2', email: 'luis@example.com', firstName: 'Luis', lastName: 'Ortega', role: 'agent', clients: 12 };
const INVITED: Member = {
  ...OWNER,
  id: 'm3',
  email: 'ana@example.com',
  firstName: null,
  lastName: null,
  role: 'assistant',
  status: 'invited',
  clients: 0,
  lastSignInAt: null,
  invitationExpiresAt: new Date(2026, 11, 4, 12, 0).toISOString(),
};

type Methods = Partial<Record<keyof CareKeepDataProvider, ReturnType<typeof vi.fn>>>;

function renderPage(methods: Methods = {}, user: CurrentUser = TEST_USER, options: { spanish?: boolean } = {}) {
  const getMembers = methods.getMembers ?? vi.fn().mockResolvedValue([OWNER, AGENT, INVITED]);
  const getTeamSettings = methods.getTeamSettings ?? vi.fn().mockResolvedValue({ agentsSeeAssignedOnly: false });
  const dataProvider = { ...methods, getMembers, getTeamSettings } as unknown as Partial<CareKeepDataProvider>;
  renderWithAdmin(<TeamPage />, {
    dataProvider,
    path: '/team',
    user,
    ...(options.spanish ? { i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es') } : {}),
  });
  return { getMembers, getTeamSettings };
}

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const toastTitled = (title: string) => screen.findByText(title, { selector: '.MuiAlertTitle-root' });

afterEach(() => {
  vi.restoreAllMocks();
  setBrokerLanguage('en');
});

describe('the Team page', () => {
  it('lists the members with their roles, status, clients and last sign-in, and says seats are free', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    expect(screen.getByText('Seats are free: invite as many people as your agency needs.')).toBeTruthy();
    await screen.findByText('Luis Ortega');
    const owner = row('Dana Whitfield');
    expect(within(owner).getByText('You')).toBeTruthy();
    expect(within(owner).getByText('Owner')).toBeTruthy();
    expect(within(owner).getByText('40 clients')).toBeTruthy();
    expect(within(owner).getByText('Last sign-in: Nov 28, 2026 at 9:30 AM')).toBeTruthy();
    // The owner changes their own role (another owner may exist) but does not remove themselves.
    expect(within(owner).queryByRole('button', { name: 'Remove Dana Whitfield' })).toBeNull();
    expect(within(row('Luis Ortega')).getByRole('button', { name: 'Remove Luis Ortega' })).toBeTruthy();
    const invited = row('ana@example.com');
    expect(within(invited).getByText('Invited, link works until Dec 04, 2026')).toBeTruthy();
    expect(within(invited).getByRole('button', { name: 'Send again to ana@example.com' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Roles' }).textContent).toContain('Sees everything the agency sees and changes nothing');
  });

  it('offers nothing to change to a member who does not manage the team', async () => {
    const agent = testUserAs('agent');
    renderPage({}, agent);
    await screen.findByText('Luis Ortega');
    expect(screen.queryByRole('button', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Change role|Send again/ })).toBeNull();
    expect(within(row('Luis Ortega')).getByText('You')).toBeTruthy();
  });

  it('invites by e-mail with a role, then shows the link to pass on', async () => {
    const invited: InvitedMember = {
      ...INVITED,
      id: 'm4',
      email: 'rosa@example.com',
      role: 'read_only',
      invitationUrl: 'https://app.test/api/join?token=abc',
    };
    const inviteMember = vi.fn().mockResolvedValue(invited);
    renderPage({ inviteMember });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter an e-mail address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), { target: { value: 'rosa@example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter an e-mail address such as name@agency.com')).toBeTruthy();
    expect(inviteMember).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/E-mail/), { target: { value: ' rosa@example.com ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Read-only/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(inviteMember).toHaveBeenCalledWith({ email: 'rosa@example.com', role: 'read_only' });
    expect(within(sent).getByText(/We e-mailed rosa@example.com a link that works for 7 days/)).toBeTruthy();
    expect((screen.getByTestId('invitation-link') as HTMLTextAreaElement).value).toBe('https://app.test/api/join?token=abc');
  });

  it('says when the person is already a member', async () => {
    const inviteMember = vi
      .fn()
      .mockRejectedValue(new HttpError('409', 409, { message: 'luis@example.com is already a member of this agency' }));
    renderPage({ inviteMember });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    fireEvent.change(within(dialog).getByLabelText(/E-mail/), { target: { value: 'luis@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This person is already a member of your agency')).toBeTruthy();
  });

  it('removes a member, handing their clients to the member chosen', async () => {
    const removeMember = vi.fn().mockResolvedValue({ id: 'm2', reassignedTo: 'm1', clientsReassigned: 12 });
    const getMembers = vi.fn().mockResolvedValueOnce([OWNER, AGENT, INVITED]).mockResolvedValue([OWNER, INVITED]);
    renderPage({ removeMember, getMembers });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Luis Ortega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Luis Ortega?' });
    expect(within(dialog).getByText(/signed out at once, and their API tokens stop working/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Their 12 clients go to')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await toastTitled('Luis Ortega was removed. Their 12 clients now belong to Dana Whitfield.')).toBeTruthy();
    expect(removeMember).toHaveBeenCalledWith('m2', 'm1');
    await waitFor(() => expect(screen.queryByText('Luis Ortega')).toBeNull());
  });

  it('changes a role, and says why the last owner keeps theirs', async () => {
    const changeMemberRole = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('400', 400, { message: 'An agency keeps at least one owner', field: 'role' }))
      .mockResolvedValue({ ...AGENT, role: 'assistant' });
    renderPage({ changeMemberRole });
    fireEvent.click(await screen.findByRole('button', { name: 'Change role of Dana Whitfield' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change the role of Dana Whitfield' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Agent/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your agency keeps at least one owner: make another member owner first.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Change role of Luis Ortega' }));
    dialog = await screen.findByRole('dialog', { name: 'Change the role of Luis Ortega' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Assistant/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await toastTitled('Luis Ortega is now Assistant. It applies from their next click.')).toBeTruthy();
    expect(changeMemberRole).toHaveBeenLastCalledWith('m2', 'assistant');
  });

  it('lets an owner keep agents to their own clients, saved at once with a toast', async () => {
    const updateTeamSettings = vi
      .fn()
      .mockResolvedValueOnce({ agentsSeeAssignedOnly: true })
      .mockResolvedValueOnce({ agentsSeeAssignedOnly: false });
    renderPage({ updateTeamSettings });
    const card = await screen.findByRole('region', { name: 'How the team works' });
    const setting = await within(card).findByRole('switch', { name: 'Agents see only the clients assigned to them' });
    expect((setting as HTMLInputElement).checked).toBe(false);
    expect(setting.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(setting.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Owners, assistants and read-only members always see the whole book; .*applies from the agent’s next click\.$/,
    );

    fireEvent.click(setting);
    expect(await toastTitled('Agents now see only the clients assigned to them.')).toBeTruthy();
    expect(updateTeamSettings).toHaveBeenCalledExactlyOnceWith({ agentsSeeAssignedOnly: true });
    await waitFor(() => expect((setting as HTMLInputElement).checked).toBe(true));

    fireEvent.click(setting);
    expect(await toastTitled('Agents now see all of the agency’s clients.')).toBeTruthy();
    expect(updateTeamSettings).toHaveBeenLastCalledWith({ agentsSeeAssignedOnly: false });
    await waitFor(() => expect((setting as HTMLInputElement).checked).toBe(false));
  });

  it('keeps the switch where it was when the change fails, and says so', async () => {
    const updateTeamSettings = vi.fn().mockRejectedValue(new HttpError('500', 500, { message: 'The database is not answering' }));
    renderPage({ updateTeamSettings });
    const setting = await screen.findByRole('switch', { name: 'Agents see only the clients assigned to them' });
    fireEvent.click(setting);
    expect(await toastTitled('Could not change the setting')).toBeTruthy();
    await waitFor(() => expect((setting as HTMLInputElement).checked).toBe(false));
  });

  it('shows where the setting stands, without a switch, to a member who does not manage the team', async () => {
    renderPage({ getTeamSettings: vi.fn().mockResolvedValue({ agentsSeeAssignedOnly: true }) }, testUserAs('assistant'));
    const card = await screen.findByRole('region', { name: 'How the team works' });
    expect((await within(card).findByText(/^Agents see only the clients assigned to them:/)).textContent).toBe(
      'Agents see only the clients assigned to them: On',
    );
    expect(card.textContent).toContain('Only an owner can change this.');
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('checkbox')).toBeNull();
  });

  it('is in Spanish for a Spanish-speaking member', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    renderPage({}, { ...TEST_USER, language: 'es' }, { spanish: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipo' })).toBeTruthy();
    await screen.findByText('Luis Ortega');
    expect(screen.getByText('Los puestos son gratuitos: invite a todas las personas que su agencia necesite.')).toBeTruthy();
    expect(within(row('Luis Ortega')).getByText('Agente')).toBeTruthy();
    expect(within(row('Luis Ortega')).getByText('12 clientes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invitar a un miembro' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Cómo trabaja el equipo' });
    expect(await within(card).findByRole('switch', { name: 'Los agentes ven solo los clientes que tienen asignados' })).toBeTruthy();
  });
});
