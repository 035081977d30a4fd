/**
 * An agency member's role and what it may do (issue 50, ADR 0011). Each role is a set of
 * permissions; each route is to name the permission it needs, checked by the one global guard.
 */
export const MEMBER_ROLES = ['owner', 'agent', 'assistant', 'read_only'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PERMISSIONS = [
  'read',
  'clients:write',
  'clients:import',
  'clients:export',
  'reminders:write',
  'campaigns:write',
  'campaigns:send',
  'members:manage',
  'billing:manage',
  'branding:manage',
  'tokens:manage',
  'agency:delete',
  'activity:read',
  'commissions:read',
  'commissions:write',
  'inbox:read',
  'inbox:write',
  'inbox:manage',
  'messaging:register',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * - Owner: everything, billing, branding, members, tokens and deleting the agency included.
 * - Agent: works clients (exports included), reminders and campaigns.
 * - Assistant: adds, imports and edits clients, schedules reminders, drafts campaigns; does not send
 *   them, export, or touch billing, branding, members or tokens.
 * - Read-only (a compliance reviewer): sees what the agency sees, changes nothing; reads the
 *   activity log (who did what), which only owners and read-only members see.
 * - Commissions (what carriers pay the agency): owners enter schedules and import statements;
 *   agents and read-only members read them (an agent kept to their own clients, only theirs);
 *   assistants do not see money.
 * - Inbox (the agency's two-way texts, docs/messaging.md): owners, agents and assistants read and
 *   answer threads; read-only members read them. Owners set the office hours, auto-reply and
 *   promise of a reply (`inbox:manage`).
 * - Text messaging registration (A2P 10DLC): owners only — it binds the agency as a business
 *   (EIN, legal name) and commits it to Twilio's fees.
 */
export const ROLE_PERMISSIONS: Readonly<Record<MemberRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  agent: [
    'read',
    'clients:write',
    'clients:import',
    'clients:export',
    'reminders:write',
    'campaigns:write',
    'campaigns:send',
    'commissions:read',
    'inbox:read',
    'inbox:write',
  ],
  assistant: ['read', 'clients:write', 'clients:import', 'reminders:write', 'campaigns:write', 'inbox:read', 'inbox:write'],
  read_only: ['read', 'activity:read', 'commissions:read', 'inbox:read'],
};

/** Whether a role holds a permission. */
export function roleMay(role: MemberRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
