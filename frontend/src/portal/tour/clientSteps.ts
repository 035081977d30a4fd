import type { Step } from 'react-joyride';

/** The five steps of the client_welcome tour (SPEC §2 Client portal, §4 Client portal tour). */
export function clientTourSteps(agencyName: string): Step[] {
  return [
    {
      target: 'body',
      placement: 'center',
      title: 'Welcome to your portal!',
      content: `${agencyName} set up this private page for you. This short tour shows you around. It takes less than a minute.`,
    },
    {
      target: '[data-tour="medications"]',
      title: 'My Medications',
      content: 'Add the medicines you take. Only you can see this list. Your broker and your agency cannot.',
    },
    {
      target: '[data-tour="reminders"]',
      title: 'My Reminders',
      content:
        'Choose Schedule Reminder to get a phone call or a text at the time you pick. A reminder can repeat every day, week or month.',
    },
    {
      target: '[data-tour="history"]',
      title: 'Upcoming Reminders and History',
      content:
        'Your next reminders show near the top of the page. History shows how each past reminder went, for example when you pressed 1 to confirm a call.',
    },
    {
      target: '[data-tour="help"]',
      title: 'Help',
      content: 'Easy step-by-step guides, and this tour again whenever you want it.',
    },
  ];
}
