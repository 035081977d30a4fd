/** Texts of the client guide (SPEC §2 Client guide): large print, short sentences. */
export const HELP_TEXTS = {
  title: 'Help & Guide',
  intro: 'Simple answers about your portal. Choose a topic below.',
  backToPortal: 'Back to My Portal',
  restartTour: 'Restart tour',
  restartTourHint: 'See the short guided tour of your portal again.',
  tabsLabel: 'Help topics',
} as const;

export type HelpTabId = 'quickstart' | 'medications' | 'reminders' | 'privacy' | 'help';

/** A heading with short paragraphs and, optionally, numbered steps or a bulleted list. */
export interface HelpBlock {
  heading: string;
  paragraphs?: string[];
  steps?: string[];
  bullets?: string[];
}

export interface HelpTab {
  id: HelpTabId;
  label: string;
  blocks: HelpBlock[];
}

export function helpTabs(agencyName: string): HelpTab[] {
  return [
    {
      id: 'quickstart',
      label: 'Getting Started',
      blocks: [
        {
          heading: 'What this portal does',
          paragraphs: [
            'This is your own private page.',
            'You keep a list of your medications here.',
            'You can ask for a phone call or a text message to remind you to take them.',
          ],
        },
        {
          heading: 'Signing in',
          steps: ['Go to the sign-in page of your portal.', 'Type your username and your password.', 'Press Sign In. Your portal opens.'],
          paragraphs: ['You chose your username and password when you opened the invitation from your agent.'],
        },
        {
          heading: 'Signing out',
          paragraphs: ['Press Sign Out at the top of the page when you are done. This matters most on a shared computer.'],
        },
      ],
    },
    {
      id: 'medications',
      label: 'Medications',
      blocks: [
        {
          heading: 'Adding a medication',
          steps: [
            'Find My Medications on your portal.',
            'Press Add Medication.',
            'Type the name of the medicine. This is the only box you must fill in.',
            'If you like, add the dosage (for example 10 mg), how often you take it, and any instructions.',
            'Press Add Medication to save it.',
          ],
        },
        {
          heading: 'Changing a medication',
          steps: ['Find the medicine in My Medications.', 'Press Edit next to it.', 'Change what you need.', 'Press Save Changes.'],
          paragraphs: ['Its reminders stay as they are and say the new name, if you asked for the name to be said.'],
        },
        {
          heading: 'Removing a medication',
          steps: ['Find the medicine in My Medications.', 'Press Delete next to it.', 'Press Delete again to confirm.'],
          paragraphs: [
            'Reminders for that medicine that have not gone out yet are canceled too.',
            'Reminders that were already sent stay in your History.',
          ],
        },
      ],
    },
    {
      id: 'reminders',
      label: 'Reminders',
      blocks: [
        {
          heading: 'Setting up a reminder',
          steps: [
            'Find My Reminders on your portal.',
            'Press Schedule Reminder.',
            'If you like, choose the medication it is for.',
            'Choose the date and the time.',
            'Choose a phone call or a text message.',
            'Press Schedule Reminder to save it.',
          ],
        },
        {
          heading: 'When the reminder comes',
          bullets: [
            'It comes at the time you chose, within about a minute.',
            'On a phone call, press 1 to confirm you heard it.',
            'To stop text messages, reply STOP.',
            'The call does not say the medicine’s name unless you ask for it. This keeps it private.',
          ],
        },
        {
          heading: 'Repeating reminders',
          paragraphs: [
            'Tick Recurring to repeat a reminder.',
            'Choose Daily, Weekly or Monthly. For weekly, tick the days you want, such as Mon and Wed.',
            'Repeat every 1 means every day, every week or every month. Repeat every 2 means every other one.',
            'You can choose an end date. If you leave it empty, the reminder keeps going until you pause or delete it.',
          ],
        },
        {
          heading: 'Pausing a reminder',
          paragraphs: [
            'Going away or into the hospital? Press Pause next to the reminder. No calls or texts come until you press Resume.',
            'Upcoming Reminders shows it as Paused.',
            'When you press Resume, it starts again from its next time. The times you missed are not sent late.',
          ],
        },
        {
          heading: 'Checking and removing reminders',
          paragraphs: [
            'Upcoming Reminders, near the top of your portal, shows what comes next.',
            'History shows how each past reminder went.',
            'To remove a reminder that has not gone out, press Delete next to it.',
          ],
        },
      ],
    },
    {
      id: 'privacy',
      label: 'Privacy',
      blocks: [
        {
          heading: 'Your information is private',
          bullets: [
            'Only you can see your medications and your reminders.',
            'Your broker cannot see them.',
            `${agencyName} cannot see them either.`,
            'Your medication details are stored in a protected, coded form.',
          ],
        },
        {
          heading: 'What your agent can see',
          paragraphs: [
            'Your agent keeps your name and contact details, so they can help you with your plan.',
            'Your agent does not see your medicine list or the reminders you set here.',
          ],
        },
      ],
    },
    {
      id: 'help',
      label: 'Help',
      blocks: [
        {
          heading: 'Who to contact',
          paragraphs: [
            `For help with your portal or your plan, contact ${agencyName}.`,
            'Press Call my agent at the top of any page to call them. Their phone number is also at the bottom of every page.',
          ],
        },
        {
          heading: 'Forgot your password?',
          paragraphs: [
            'On the sign-in page, press Forgot your password?',
            'Type your username, your phone number or your e-mail address. We send a code by text message, or a link by e-mail.',
            'The code or the link works for 30 minutes. Then choose a new password.',
            'Your agent can also send you a password reset.',
          ],
        },
        {
          heading: 'A reminder did not come',
          bullets: [
            'Check the date and time of the reminder in My Reminders.',
            'Look in History to see how it went.',
            `If your phone number has changed, tell ${agencyName}.`,
          ],
        },
      ],
    },
  ];
}
