import { loadLateAreas } from '../i18n/useBrokerTexts.ts';
import { lazyNamed } from '../ui/lazyNamed.ts';

// The Inbox page is its own chunk, loaded with its texts (a late area) when it first shows.
export const InboxPage = lazyNamed(() => Promise.all([import('./InboxPage.tsx'), loadLateAreas()]).then(([module]) => module), 'InboxPage');
