/** The platform admins page (/admin/admins, docs/admin.md): who may use the back office. */
export const ADMINS_TEXTS = {
  title: 'Admins',
  subtitle:
    'Platform admins see every broker’s figures and can change plans, extend trials, suspend brokers and manage the resource library. Every change is in the audit log.',
  listTitle: 'Platform admins',
  count: (n: number) => (n === 1 ? '1 admin' : `${n} admins`),
  loadFailed: 'Failed to load the admins',
  you: 'You',
  noName: 'No name yet',
  lastSignIn: (when: string) => `Last signed in ${when}`,
  neverSignedIn: 'Not signed in yet',

  addTitle: 'Add an admin',
  addIntro: 'They must have signed in to CareKeep once with this e-mail.',
  emailLabel: 'E-mail',
  emailRequired: 'Enter an e-mail address',
  add: 'Add Admin',
  added: 'Admin Added',
  addedDescription: (email: string) => `${email} is now a platform admin.`,
  addFailed: 'Failed to add the admin',

  remove: 'Remove Admin Access',
  removeLabel: (name: string) => `Remove admin access for ${name}`,
  ownAccess: 'Another admin can remove your access; you cannot remove it yourself.',
  removeTitle: 'Remove admin access?',
  removeBody: (name: string) => `${name} will no longer see the back office. Their own broker account, if they have one, stays as it is.`,
  cancel: 'Cancel',
  confirmRemove: 'Remove Access',
  removed: 'Admin Access Removed',
  removedDescription: (name: string) => `${name} is no longer a platform admin.`,
  removeFailed: 'Failed to remove admin access',
} as const;
