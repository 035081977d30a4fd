import type { MemberRole } from '../types.ts';
import { plural } from '../ui/format.ts';

/** How long an invitation's link works (the server's INVITATION_DAYS). */
export const INVITATION_DAYS = 7;
/** The roles an owner can give, in the order the dialogs offer them. */
export const ROLE_ORDER: readonly MemberRole[] = ['owner', 'agent', 'assistant', 'read_only'];

/** Each role's name (the server's invitation e-mail says them the same way). */
export const ROLE_NAMES: Record<MemberRole, string> = {
  owner: 'Owner',
  agent: 'Agent',
  assistant: 'Assistant',
  read_only: 'Read-only',
};

/** What each role may do, as the dialogs and the roles card explain it. */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: 'Everything, including billing, branding, the team and API tokens.',
  agent: 'Works clients, reminders and campaigns: adds, imports, exports, and sends campaigns.',
  assistant: 'Adds, imports and edits clients, schedules reminders and drafts campaigns. No billing, exports, sending or team.',
  read_only: 'Sees everything the agency sees and changes nothing: for a compliance reviewer.',
};

/** The Team page (/team): the agency's members, invitations, roles and removal. */
export const TEAM_TEXTS = {
  title: 'Team',
  subtitle: 'The people who work in your agency and what each of them may do.',
  seatsFree: 'Seats are free: invite as many people as your agency needs.',
  invite: 'Invite a member',
  loadFailed: 'Could not load your team',
  retry: 'Try again',
  membersTitle: 'Members',
  rolesTitle: 'Roles',
  settingsTitle: 'How the team works',
  assignedOnly: 'Agents see only the clients assigned to them',
  assignedOnlyHelp:
    'Owners, assistants and read-only members always see the whole book; when this is on, each agent sees only their assigned clients. A change applies from the agent’s next click.',
  settingOn: 'On',
  settingOff: 'Off',
  assignedOnlyOwners: 'Only an owner can change this.',
  assignedOnlySaved: (on: boolean) =>
    on ? 'Agents now see only the clients assigned to them.' : 'Agents now see all of the agency’s clients.',
  settingsFailed: 'Could not change the setting',
  columns: { person: 'Person', role: 'Role', status: 'Status', clients: 'Clients', lastSignIn: 'Last sign-in', actions: 'Actions' },
  you: 'You',
  noName: 'No name yet',
  statusActive: 'Active',
  statusInvited: (until: string) => `Invited, link works until ${until}`,
  statusExpired: 'Invitation expired',
  never: 'Never',
  clientsCount: (n: number) => plural(n, 'client'),
  changeRole: 'Change role',
  changeRoleLabel: (name: string) => `Change role of ${name}`,
  resend: 'Send again',
  resendLabel: (name: string) => `Send again to ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  withdraw: 'Withdraw',
  withdrawLabel: (name: string) => `Withdraw the invitation to ${name}`,

  inviteTitle: 'Invite a member',
  inviteIntro: `We e-mail them a link that works for ${INVITATION_DAYS} days. They accept it by signing in.`,
  emailLabel: 'E-mail',
  emailRequired: 'Enter an e-mail address',
  emailInvalid: 'Enter an e-mail address such as name@agency.com',
  roleLabel: 'Role',
  cancel: 'Cancel',
  send: 'Send invitation',
  sendFailed: 'Could not send the invitation',
  alreadyMember: 'This person is already a member of your agency',

  sentTitle: 'Invitation sent',
  sentBody: (email: string) =>
    `We e-mailed ${email} a link that works for ${INVITATION_DAYS} days. You can also send them this link yourself:`,
  linkLabel: 'Invitation link',
  copy: 'Copy link',
  copied: 'Link copied',
  done: 'Done',
  resent: (email: string) => `A new invitation went to ${email}. The earlier link no longer works.`,
  resendFailed: 'Could not send the invitation again',

  roleTitle: (name: string) => `Change the role of ${name}`,
  save: 'Save',
  roleSaved: (name: string, role: string) => `${name} is now ${role}. It applies from their next click.`,
  roleFailed: 'Could not change the role',
  lastOwner: 'Your agency keeps at least one owner: make another member owner first.',

  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody: 'They are signed out at once, and their API tokens stop working. What they did stays in the records.',
  reassignLabel: (n: number) => `Their ${plural(n, 'client')} ${n === 1 ? 'goes' : 'go'} to`,
  removeConfirm: 'Remove',
  removed: (name: string, n: number, to: string) =>
    n > 0 ? `${name} was removed. Their ${plural(n, 'client')} now ${n === 1 ? 'belongs' : 'belong'} to ${to}.` : `${name} was removed.`,
  withdrawTitle: (email: string) => `Withdraw the invitation to ${email}?`,
  withdrawBody: 'Its link stops working at once.',
  withdrawConfirm: 'Withdraw',
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  removeFailed: 'Could not remove the member',
} as const;
