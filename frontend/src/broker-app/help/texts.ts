import {
  BREAK_EVEN_CLIENTS,
  FLAT_CLIENT_LIMIT,
  formatCents,
  formatPrice,
  OVERAGE_EXAMPLE_CLIENTS,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  PRICES,
} from '../billing/pricing.ts';
import { INDUSTRY_AVERAGE_RETENTION } from '../dashboard/texts.ts';
import type { GuideTab as GenericGuideTab } from '../ui/Guide.tsx';

/**
 * The broker guide (SPEC §2 Broker help and guide). Everything here describes how the product
 * really behaves (docs/clients.md, messaging.md, campaigns.md, billing.md, resources-and-branding.md,
 * privacy.md), so a broker can rely on it.
 */

export const HELP_TEXTS = {
  title: 'Help & Guide',
  subtitle: 'How to set up your agency, keep in touch with your clients and get the most out of your retention tools',
  tabsLabel: 'Guide sections',
  restartTour: 'Restart tour',
  restartTourHint: 'Walk through the dashboard tour again',
} as const;

/** SPEC §1 Privacy rule, as the UI states it. */
export const PRIVACY_RULE =
  'Client medication data, health information and client-created reminders are hidden from brokers and admins. ' +
  'Brokers make only simple one-time reminders with generic messages that carry no health information.';

/** SPEC §3 Tour completion flag for the dashboard tour (key broker_welcome). */
export const BROKER_TOUR_FLAG = 'tour_completed_broker_welcome';

export type HelpTabId = 'quickstart' | 'clients' | 'reminders' | 'campaigns' | 'resources' | 'settings' | 'troubleshooting';

type GuideTab = GenericGuideTab<HelpTabId>;

export const HELP_TABS: readonly GuideTab[] = [
  {
    id: 'quickstart',
    label: 'Quick Start',
    summary: 'Get your agency ready in a few minutes, then let the reminders and campaigns keep your book engaged all year.',
    sections: [
      {
        heading: 'Your first day',
        steps: [
          'Brand your agency: on Branding, add your agency name, phone number, logo (200x200 px recommended), colours and a sponsor message of up to 150 characters. Clients see your brand, not ours.',
          'Add your clients: one at a time with Add Client, or all at once with Upload CSV (columns firstName, lastName, email, phone).',
          'Invite clients to their private portal with Send Invite. They get a text message with a link that works for 7 days.',
          'Schedule reminders: one-time calls or text messages with a generic message. They go out automatically within a minute of the time you choose.',
          'Send a campaign: an e-mail or text message to all your active clients, with opened and clicked tracking for e-mails.',
          'Choose your plan on Billing before your 30-day free trial ends.',
        ],
        links: [
          { label: 'Branding', to: '/branding' },
          { label: 'Clients', to: '/clients' },
          { label: 'Reminders', to: '/reminders' },
          { label: 'Campaigns', to: '/campaigns' },
        ],
      },
      {
        heading: 'Your dashboard',
        bullets: [
          'Total Clients: everyone in your book, with the number active this month (the clients your plan counts).',
          `Retention Rate: of the clients you had 12 months ago, the share still active today, compared with the industry average of ${INDUSTRY_AVERAGE_RETENTION}%.`,
          'Call Completion: the share of finished reminder calls that were completed.',
          'Engagement Score: your retention rate times 0.85, out of 100.',
        ],
      },
      {
        heading: 'The privacy wall',
        body: 'Your clients trust you with their Medicare decisions; their health details stay with them.',
        note: {
          severity: 'info',
          text: PRIVACY_RULE,
        },
      },
    ],
  },
  {
    id: 'clients',
    label: 'Clients',
    summary: 'Build your book, invite clients to their portal and see who is engaged.',
    sections: [
      {
        heading: 'Adding a client',
        body: 'Click Add Client and enter the first name, last name and phone number; the e-mail address is optional but needed for e-mail campaigns. You can type the phone number any way you like, for example (615) 555-0142 or 615.555.0142: it is stored in E.164 format (+16155550142). A phone number can be used only once in your book.',
        links: [{ label: 'Go to Clients', to: '/clients' }],
      },
      {
        heading: 'Importing a CSV file',
        body: 'Upload CSV takes a .csv file (up to 10 MB) whose first row names the columns:',
        code: 'firstName,lastName,email,phone\nMargaret,Lopez,margaret@example.com,+16155550142',
        bullets: [
          'Phone numbers in E.164 format: a plus sign, the country code (1 for the US) and the number, with no spaces, e.g. +16155550142.',
          'The e-mail column may be left empty for clients without an address.',
          'Rows with a missing name, an invalid phone number or e-mail, or a phone number already in your book are skipped; the summary lists each by line number and the rest are imported.',
          'If your plan’s client limit is reached during the import, it stops there and tells you.',
        ],
      },
      {
        heading: 'Invitations to the client portal',
        steps: [
          'Click Send Invite on the client’s card. The client gets a text message with a personal link to create a username and password.',
          'The link expires after 7 days. Resend Invite sends a new link; earlier links stop working.',
          'Once the client has created an account, the card shows Registered.',
        ],
        note: {
          severity: 'info',
          text: 'If the text message cannot be sent, the invitation is still created and you can copy the link to share it another way.',
        },
      },
      {
        heading: 'Engagement score',
        body: 'Each client has a score from 0 to 100 that shows how engaged they are:',
        bullets: [
          'Has a portal account: 25 points.',
          'Signed in to the portal in the last 30 days: 20 points.',
          'Completed reminders in the last 90 days: up to 35 points, in proportion to the reminders that went through.',
          'Opened a campaign e-mail in the last 90 days: 10 points.',
          'Clicked a link in a campaign e-mail in the last 90 days: 10 points.',
        ],
      },
      {
        heading: 'Active clients and your plan',
        body: 'Your plan counts active clients. On the Flat plan you see a warning from 90 active clients and reach the limit at 100 (with a small grace margin); enable overage or switch to per-client pricing on Billing to grow past it, or deactivate clients you no longer serve.',
      },
      {
        heading: 'What you can and cannot see',
        note: {
          severity: 'info',
          text: 'You see your clients’ contact details, invitation status and engagement. Their medications and the reminders they create for themselves in the portal are private and hidden from brokers and admins.',
        },
      },
    ],
  },
  {
    id: 'reminders',
    label: 'Reminders',
    summary: 'Friendly one-time calls and text messages that keep you in touch with your clients.',
    sections: [
      {
        heading: 'Scheduling a reminder',
        steps: [
          'Click Schedule Reminder and choose the client.',
          'Pick a date and time in the future.',
          'Choose a voice call or a text message.',
          'Write a generic message, for example: "This is a friendly reminder from your Medicare advisor. Annual enrolment starts October 15, give us a call to review your plan."',
        ],
        note: {
          severity: 'warning',
          text: 'Broker reminders are one-time reminders with generic messages that carry no health information. A message that names a medication or a health condition is refused.',
        },
        links: [{ label: 'Go to Reminders', to: '/reminders' }],
      },
      {
        heading: 'When reminders go out',
        bullets: [
          'Reminders are sent automatically within a minute of their scheduled time; you do not need to keep the page open.',
          'Execute Pending sends the reminders that are already due right away.',
          'Quiet hours: nothing is delivered before 8:00 AM or after 9:00 PM in the client’s time zone. A reminder due in quiet hours waits until 8:00 AM.',
          'A reminder is pending until it goes out, then completed or failed. A busy or unanswered call is tried once more 10 minutes later.',
        ],
      },
      {
        heading: 'What your client hears and reads',
        bullets: [
          'A call names your agency, says your message, then your sponsor message, and ends with "Press 1 or say yes to confirm you got this message. Press 9 to stop these calls."',
          'A text message carries your agency name, your message and your sponsor message, and ends with "Reply STOP to opt out."',
          'A client who presses 9 or replies STOP is not contacted on that channel again.',
        ],
      },
      {
        heading: 'Your clients’ own reminders',
        body: 'In their portal, clients keep their medications and schedule their own reminders, including daily, weekly or monthly ones. These belong to the client: they are private and hidden from brokers and admins.',
      },
    ],
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    summary: 'Reach your whole book at once by e-mail or text message.',
    sections: [
      {
        heading: 'Creating and sending a campaign',
        steps: [
          'Click Create Campaign and give it a name.',
          'Choose E-mail (with a subject line) or SMS, and write the message.',
          'The campaign is saved as a draft. Click Send on the draft when you are ready: it goes to all your active clients with an e-mail address (or a phone number for SMS) who have not opted out.',
        ],
        links: [{ label: 'Go to Campaigns', to: '/campaigns' }],
      },
      {
        heading: 'E-mail campaigns',
        bullets: [
          'E-mails carry your logo and colours, and a footer with your agency name, postal address, phone number and an unsubscribe link.',
          'Sent campaigns show how many clients opened the e-mail and how many clicked a link. Automatic opens by mail scanners and privacy features are not counted, so the numbers reflect real readers.',
          'A client who unsubscribes does not receive campaign e-mails again.',
        ],
      },
      {
        heading: 'SMS campaigns',
        bullets: [
          'Texts respect quiet hours: outside 8:00 AM to 9:00 PM in the client’s time zone they wait until 8:00 AM.',
          'A client’s first campaign text ends with "Reply STOP to opt out". Clients who reply STOP are opted out and not texted again; replying START opts them back in.',
        ],
      },
      {
        heading: 'Good practice',
        bullets: [
          'Keep messages generic: no health information in campaigns either.',
          'Time your campaigns around the Annual Enrollment Period (October 15 to December 7) and plan anniversaries.',
          'Use the approved materials in Resources for compliant wording.',
        ],
      },
    ],
  },
  {
    id: 'resources',
    label: 'Resources',
    summary: 'Training materials, scripts and templates shared by the platform team.',
    sections: [
      {
        heading: 'Finding a resource',
        bullets: [
          'Resources are grouped by category: General, Training Materials, Sales Scripts, Templates, Compliance and Marketing.',
          'Search by title or description, or choose a category to narrow the list.',
          'Download opens the file in a new tab: PDF, Word, Excel and PowerPoint documents, images and videos.',
        ],
        links: [{ label: 'Go to Resources', to: '/resources' }],
      },
      {
        heading: 'New material',
        body: 'The platform team adds and updates resources; withdrawn materials disappear from your list. Check back before each enrolment season for updated scripts and compliance documents.',
      },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    summary:
      'Your settings are on three pages: Settings for your name, agency phone and e-mail notifications, Billing for your plan, and Branding for how your clients see you.',
    sections: [
      {
        heading: 'Your profile',
        bullets: [
          'First and last name: shown in the app and in messages your clients get from you. If your sign-in provider does not give your name, the app asks for it once after your first sign-in.',
          'Agency phone: the same number as on the Branding page, shown in e-mail footers.',
          'E-mail notifications: an e-mail when a client joins their portal, and when a client confirms or refuses a phone or e-mail change you asked for. On unless you turn them off.',
          'Your e-mail address comes from your sign-in provider; change it there.',
        ],
        links: [{ label: 'Go to Settings', to: '/settings' }],
      },
      {
        heading: 'Billing and plans',
        bullets: [
          'Free trial: 30 days with full access and no credit card. The plan you choose during the trial applies when it ends; Start my subscription now ends it early, after showing you the monthly amount.',
          `Flat: ${PRICES.flatMonthly} per month for up to ${FLAT_CLIENT_LIMIT} active clients. Optional overage adds ${PRICES.overagePerClient} per month for each active client over ${FLAT_CLIENT_LIMIT} (${OVERAGE_EXAMPLE_CLIENTS} over is ${formatPrice(OVERAGE_EXAMPLE_CLIENTS * OVERAGE_PER_CLIENT_CENTS)}).`,
          `PMPM: ${formatCents(PMPM_PER_CLIENT_CENTS)} per active client per month, with no client limit.`,
          `Break-even: at ${BREAK_EVEN_CLIENTS} clients both plans cost about the same. Below ${BREAK_EVEN_CLIENTS}, PMPM costs less; above ${BREAK_EVEN_CLIENTS}, Flat costs less.`,
          'Plan changes apply immediately; a paid plan change is prorated automatically.',
          'Past due: a payment failed. Reminders and campaigns pause until it is paid; update your payment method from the banner or on Billing. Your clients, imports and branding keep working.',
        ],
        links: [{ label: 'Go to Billing', to: '/billing' }],
      },
      {
        heading: 'Branding',
        bullets: [
          'Agency name and phone number, shown to your clients.',
          'Logo: PNG, JPEG or WebP up to 2 MB; 200x200 px recommended.',
          'Primary and secondary colours, used in the app, the client portal and your e-mails.',
          'Sponsor message: up to 150 characters, added to every reminder call.',
          'The preview shows your client login page, e-mail template and call script before you save.',
        ],
        links: [{ label: 'Go to Branding', to: '/branding' }],
      },
    ],
  },
  {
    id: 'troubleshooting',
    label: 'Troubleshooting',
    summary: 'Quick answers to the questions brokers ask most.',
    sections: [
      {
        heading: 'A client did not get a reminder call or text',
        bullets: [
          'Check the phone number on the client’s card: it must be a valid number, stored in E.164 format (+16155550142).',
          'Check the time: reminders go out within a minute of their scheduled time, but not in quiet hours (before 8:00 AM or after 9:00 PM in the client’s time zone); those wait until 8:00 AM.',
          'Check for an opt-out: a client who pressed 9 during a call or replied STOP to a text is not contacted on that channel again.',
          'Check the reminder’s status: failed means the call or text could not be delivered, even after a retry.',
        ],
      },
      {
        heading: 'The invitation link expired',
        body: 'Invitation links work for 7 days. Click Resend Invite on the client’s card to send a new link; only the newest link works.',
      },
      {
        heading: 'Some CSV rows were skipped',
        body: 'The import summary lists each skipped row by line number and reason. Fix the rows (usually a phone number not in E.164 format, a missing name, or a client already in your book) and upload just those rows again.',
      },
      {
        heading: '"Client Limit Reached"',
        body: `The Flat plan covers ${FLAT_CLIENT_LIMIT} active clients. Enable overage (${PRICES.overagePerClient} per extra client), switch to PMPM, or deactivate clients you no longer serve.`,
      },
      {
        heading: '"Trial Expired"',
        body: 'Sending reminders and campaigns needs an active trial or subscription. Go to Billing and start your subscription; your clients and settings are kept.',
        links: [{ label: 'Go to Billing', to: '/billing' }],
      },
      {
        heading: '"You are logged out"',
        body: 'Your session has ended. You are taken to the sign-in page: sign in again and carry on where you left off.',
      },
    ],
  },
];
