import { Suspense } from 'react';

import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';
import { needsProfile } from './profile.ts';

const ProfileStepDialog = lazyNamed(() => import('./ProfileStepDialog.tsx'), 'ProfileStepDialog');

/**
 * After a first sign-in whose identity provider gave no name: asks for first and last name, once.
 * It cannot be dismissed (the name is what clients see in messages from the broker), only saved
 * or left by signing out; once saved it never comes back, and Settings edits the name later.
 */
export function ProfileStep() {
  const { data: user } = useCurrentUser();
  if (!user || !needsProfile(user)) return null;
  // Over a page already shown, which stays in view while the dialog loads.
  return (
    <Suspense fallback={null}>
      <ProfileStepDialog user={user} />
    </Suspense>
  );
}
