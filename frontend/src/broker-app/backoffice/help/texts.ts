import {
  BREAK_EVEN_CLIENTS,
  FLAT_CLIENT_LIMIT,
  formatCents,
  formatPrice,
  monthlyPriceCents,
  OVERAGE_EXAMPLE_CLIENTS,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  PRICES,
  SMS_COST_CENTS,
  VOICE_CALL_COST_CENTS,
} from '../../billing/pricing.ts';
import type { GuideTab as GenericGuideTab } from '../../ui/Guide.tsx';

/** The guide's worked example: a Flat broker (overage on) and a PMPM broker, priced by the price list. */
const EXAMPLE = (() => {
  const flatClients = 130;
  const pmpmClients = 40;
  const calls = 2_000;
  const texts = 500;
  const flatCents = monthlyPriceCents('flat', flatClients, true);
  const pmpmCents = monthlyPriceCents('pmpm', pmpmClients, false);
  return {
    flatClients,
    pmpmClients,
    calls,
    texts,
    flatCents,
    pmpmCents,
    mrrCents: flatCents + pmpmCents,
    callCents: calls * VOICE_CALL_COST_CENTS,
    textCents: texts * SMS_COST_CENTS,
  };
})();

/**
 * The admin guide (SPEC §2 Admin guide, §4, §6, §8 Admin troubleshooting advice, §9). Everything
 * here describes how the product really behaves (docs/admin.md, billing.md,
 * resources-and-branding.md, privacy.md, security.md), so an admin can rely on it.
 */

export const ADMIN_HELP_TEXTS = {
  title: 'Admin Guide',
  subtitle: 'How to run the platform: revenue, brokers, trials, resources and daily operations',
  tabsLabel: 'Admin guide sections',
} as const;

/** SPEC §1 Privacy rule, as it applies to admins. */
export const ADMIN_PRIVACY_RULE =
  'Client medication data, health information and client-created reminders are hidden from brokers and admins. ' +
  'Admins can see broker-created reminders, client contact details and aggregate statistics.';

export const ADMIN_HELP_TAB_IDS = ['quickstart', 'dashboard', 'brokers', 'revenue', 'resources', 'operations', 'help'] as const;
export type AdminHelpTabId = (typeof ADMIN_HELP_TAB_IDS)[number];

type GuideTab = GenericGuideTab<AdminHelpTabId>;

export const ADMIN_HELP_TABS: readonly GuideTab[] = [
  {
    id: 'quickstart',
    label: 'Quick Start',
    summary: 'What a platform admin does, and where to do it.',
    sections: [
      {
        heading: 'Your first day as an admin',
        steps: [
          'Open the Admin Dashboard: MRR, ARR, brokers by status and plan, net profit month to date, and the trials ending within the next 30 days.',
          'Go to Brokers to find any broker by e-mail or name, filter by tier and status, and open their details.',
          'From a broker’s details, extend a trial or change the subscription tier or status. Every change is recorded in the audit log and shows in the broker’s activity timeline.',
          'Under Resources, upload scripts, templates, training and compliance material for all brokers; they download the active ones from their own Resources page.',
          'Make it a routine: check the dashboard daily and answer brokers within 24 hours (see Operations).',
        ],
        links: [
          { label: 'Admin Dashboard', to: '/admin' },
          { label: 'Brokers', to: '/admin/brokers' },
          { label: 'Resources', to: '/admin/resources' },
        ],
      },
      {
        heading: 'Who is an admin',
        body: 'An admin gives admin access on the Admins page, by the e-mail of a person who has signed in at least once, and removes another admin’s access there (never their own). The first admin is made from the server with this command:',
        code: 'npm run admin:grant -- EMAIL',
        bullets: [
          'npm run admin:revoke -- EMAIL takes the rights away again. Every change made on the Admins page is in the audit log.',
          'The Admin group of the sidebar appears only for admins. A broker who opens an admin page sees Not Authorized, and the server refuses every admin request from a broker.',
        ],
      },
      {
        heading: 'What admins can and cannot see',
        bullets: [
          'You see every broker’s account, plan, status and trial end date; their clients’ contact details (name, e-mail, phone, active or inactive, joined date); the reminders brokers create; and aggregate statistics such as retention and call completion.',
          'You never see clients’ medications, their health information, or the reminders clients create for themselves in their portal. No admin page or admin API answer contains them.',
        ],
        note: { severity: 'info', text: ADMIN_PRIVACY_RULE },
      },
    ],
  },
  {
    id: 'dashboard',
    label: 'Dashboard',
    summary: 'What each figure on the Admin Dashboard means and how the server computes it.',
    sections: [
      {
        heading: 'The figures',
        bullets: [
          `MRR (monthly recurring revenue): what the brokers’ plans bring per month at their active clients today. Flat: ${PRICES.flatMonthly}, plus ${PRICES.overagePerClient} per active client over ${FLAT_CLIENT_LIMIT} when overage is on. PMPM: ${PRICES.pmpmPerClient} per active client. Brokers on trial or canceled bring nothing; past-due brokers still count, because they are still billed.`,
          'ARR (annual recurring revenue): MRR × 12.',
          'Total Revenue: this month’s revenue from paying brokers (the same amount as MRR).',
          'Net Profit (month to date): revenue − telephony costs recorded this month − operating costs.',
          'Active Brokers: status Active. Trial Brokers: on the free trial. Total Brokers: every broker account (admins are not counted).',
        ],
      },
      {
        heading: 'Tier distribution and revenue breakdown',
        bullets: [
          'The chart counts brokers per plan: PMPM, Flat and Trial. A broker on trial counts as Trial whatever plan they picked; everyone else counts under their plan. The table under the chart gives the same counts and shares.',
          'The revenue breakdown shows the revenue of each plan (Trial is always $0), then total revenue, total costs and net profit.',
        ],
      },
      {
        heading: 'Upcoming Trial Expirations',
        bullets: [
          'Trials ending within the next 30 days, soonest first. The first 5 are shown; the Brokers page, filtered by status Trial, lists every broker on trial.',
          'Days remaining are whole days, rounded up. A red badge marks a trial with 7 days or fewer left.',
          'Extend adds 1 to 90 days (7 by default; quick choices 7, 14 and 30 days).',
          'Upgrade ends the trial and makes the broker Active on the plan they are on now, after you confirm.',
          'Select a broker’s e-mail to open their details.',
        ],
        note: { severity: 'info', text: 'The figures are fetched when you open the page. Use Refresh to fetch them again.' },
      },
    ],
  },
  {
    id: 'brokers',
    label: 'Brokers',
    summary: 'Find a broker, read their account, and change their trial or subscription.',
    sections: [
      {
        heading: 'Finding a broker',
        bullets: [
          'Search by e-mail or name; the results update as you type.',
          'Filter by tier (PMPM, Flat, All) and by status (Trial, Active, Past Due, Canceled, All).',
          'The table shows e-mail, tier, status, client count, monthly revenue and last activity. Last activity is the later of the broker’s last sign-in and the last reminder call or text sent for them.',
          'The row menu offers View Details, Extend Trial (brokers on trial only) and Change Subscription.',
        ],
        links: [{ label: 'Brokers', to: '/admin/brokers' }],
      },
      {
        heading: 'A broker’s details',
        bullets: [
          'The header: name, e-mail, account ID, tier, status and the date the account was created.',
          'Four cards: Total Clients (active/total), Monthly Revenue (with the overage note), Retention Rate (with the call completion rate), and Trial Status (end date) or the subscription start.',
          'Subscription management: Change Subscription, and Extend Trial while the broker is on trial.',
          'The activity timeline: the last 20 admin actions about this broker, newest first.',
          'The client table: name, e-mail, phone, status (Active or Inactive) and joined date — contact details only.',
        ],
      },
      {
        heading: 'Subscription statuses',
        bullets: [
          'Trial: the 30-day free trial, with full access and no credit card.',
          'Active: a paying subscription.',
          'Past Due: a payment failed. This is usually temporary: once the broker updates their payment method, the plan carries on.',
          'Canceled: the subscription was ended on purpose. To restore it, set the status to Active and verify the broker’s payment method.',
        ],
        note: {
          severity: 'info',
          text: 'Brokers need status Trial (with a trial that has not ended) or Active to send reminders and campaigns. Their Billing page stays open so they can upgrade.',
        },
      },
      {
        heading: 'Extending a trial',
        steps: [
          'Choose Extend on the dashboard, Extend Trial in the broker’s row menu, or Extend Trial on their details.',
          'Enter 1 to 90 days, or pick 7, 14 or 30.',
          'Confirm. The end date moves forward at once: from the current end date, or from today if the trial has already ended.',
        ],
        note: { severity: 'warning', text: 'Only brokers whose status is Trial can be extended.' },
      },
      {
        heading: 'Changing a subscription',
        bullets: [
          'Choose a new tier (PMPM or Flat), a new status, or both; only what you choose changes.',
          'Changes apply immediately, with automatic proration by the payment provider.',
          'Moving a broker to PMPM turns overage billing off: PMPM has no client limit.',
          'With Stripe billing, when a restored broker has no live Stripe subscription, the confirmation says so: ask the broker to choose a plan on their Billing page to set up payment.',
        ],
      },
      {
        heading: 'The audit log',
        body: 'Every admin change — trial extensions and end dates, subscription changes, suspensions, admin access, resource uploads, edits, activations, sharing changes and deletions — is written to the audit log together with the change itself. Each entry records the action, the admin who made it, notes, and the values before and after. The log is append-only: the database refuses to edit or delete an entry. The Audit log page lists them all with filters and a CSV export; a broker’s details show the last 20 entries about them.',
      },
      {
        heading: 'Ending a trial on a date, and suspending a broker',
        bullets: [
          'Set Trial End Date picks the day the trial ends; today or a past day ends it now, and the broker is asked to choose a plan on their next action.',
          'Suspend Broker (with a reason) stops their sign-in, their API tokens, their reminders and their campaigns at once; their clients’ own reminders still go. What falls due while suspended is not sent later. Reactivate gives everything back.',
        ],
      },
    ],
  },
  {
    id: 'revenue',
    label: 'Revenue',
    summary: 'The price list, and how revenue, costs and profit are computed.',
    sections: [
      {
        heading: 'Plans',
        bullets: [
          `Flat: ${PRICES.flatMonthly} a month for up to ${FLAT_CLIENT_LIMIT} active clients. Optional overage: ${PRICES.overagePerClient} a month per active client over ${FLAT_CLIENT_LIMIT} (${OVERAGE_EXAMPLE_CLIENTS} over: ${formatPrice(OVERAGE_EXAMPLE_CLIENTS * OVERAGE_PER_CLIENT_CENTS)}).`,
          `PMPM: ${formatCents(PMPM_PER_CLIENT_CENTS)} per active client per month, with no client limit.`,
          `Break-even: ${BREAK_EVEN_CLIENTS} clients. Below ${BREAK_EVEN_CLIENTS} active clients PMPM costs a broker less; from ${BREAK_EVEN_CLIENTS}, Flat does.`,
          'Free trial: 30 days, no credit card, full access. A trial brings no revenue.',
        ],
      },
      {
        heading: 'The formulas',
        code: [
          `MRR        = Flat brokers × ${PRICES.flatMonthly} + PMPM brokers × ${PRICES.pmpmPerClient} × active clients + overages`,
          'ARR        = MRR × 12',
          'Net profit = revenue − telephony costs − operating costs',
        ].join('\n'),
        bullets: [
          'Only active clients count: a deactivated client costs the broker nothing.',
          'Active and past-due brokers count towards revenue; brokers on trial and canceled brokers do not.',
        ],
      },
      {
        heading: 'Costs',
        bullets: [
          `Telephony: about ${PRICES.voiceCall} per reminder call and ${PRICES.sms} per text message, recorded with each delivery this month.`,
          'Operating costs: a fixed monthly amount set on the server (OPERATING_COSTS_MONTHLY_CENTS), subtracted every month.',
          'Costs start again from zero on the 1st of each month; MRR and ARR always reflect the plans as they are today.',
        ],
      },
      {
        heading: 'A worked example',
        bullets: [
          `A Flat broker with ${EXAMPLE.flatClients} active clients and overage on: ${PRICES.flatMonthly} + ${EXAMPLE.flatClients - FLAT_CLIENT_LIMIT} × ${PRICES.overagePerClient} = ${formatPrice(EXAMPLE.flatCents)} a month.`,
          `A PMPM broker with ${EXAMPLE.pmpmClients} active clients: ${EXAMPLE.pmpmClients} × ${PRICES.pmpmPerClient} = ${formatPrice(EXAMPLE.pmpmCents)} a month.`,
          `Together: MRR ${formatPrice(EXAMPLE.mrrCents)} and ARR ${formatPrice(EXAMPLE.mrrCents * 12)}. With ${EXAMPLE.calls.toLocaleString('en-US')} reminder calls (${formatPrice(EXAMPLE.callCents)}) and ${EXAMPLE.texts} texts (${formatPrice(EXAMPLE.textCents)}) this month and no operating costs, net profit is ${formatPrice(EXAMPLE.mrrCents - EXAMPLE.callCents - EXAMPLE.textCents)}.`,
        ],
      },
      {
        heading: 'Revenue on the Brokers page',
        body: `The broker list and a broker’s details show what the account’s plan brings at its client count — PMPM: ${PRICES.pmpmPerClient} × clients; Flat: ${PRICES.flatMonthly} plus ${PRICES.overagePerClient} for each client beyond ${FLAT_CLIENT_LIMIT} — also while the broker is on trial, so you can see what a trial would be worth.`,
      },
    ],
  },
  {
    id: 'resources',
    label: 'Resources',
    summary: 'Share scripts, templates, training and compliance material with every broker.',
    sections: [
      {
        heading: 'Uploading a resource',
        steps: [
          'On Resources, choose Upload.',
          'Pick the file and enter a title (both required). Add a description and a category if you like; without one it goes under General.',
          'Upload. The resource is active at once, so brokers see it on their Resources page.',
        ],
        bullets: [
          'Categories: Scripts, Templates, Training, Compliance and Marketing, plus General.',
          'Files: PDF, Word documents (DOCX) and the other Office formats, images (PNG, JPEG, WebP, GIF) and video (MP4, WebM), up to 200 MB by default. The server checks each file’s contents, not only its name.',
        ],
        links: [{ label: 'Resources', to: '/admin/resources' }],
      },
      {
        heading: 'Active and inactive',
        body: 'Deactivate a resource to hide it from brokers without deleting it; activate it again to bring it back. Inactive resources stay in your list, marked as such.',
      },
      {
        heading: 'Public links',
        bullets: [
          'Make a resource public to get a link anyone can open without signing in, for example in an e-mail to a prospect. Copy Link copies it.',
          'A private resource shows a Private badge; only signed-in brokers can download it.',
          'A public link stops working as soon as the resource is made private or inactive.',
        ],
      },
      {
        heading: 'Editing and deleting',
        bullets: [
          'Edit changes the title, description and category.',
          'A file cannot be replaced: to change it, delete the resource and upload the new file.',
          'Deletion is permanent: the resource and its stored file are removed and cannot be recovered.',
          'Every upload, edit, status change, sharing change and deletion is recorded in the audit log.',
        ],
        note: { severity: 'warning', text: 'Deleting a resource cannot be undone. To take it out of use for now, deactivate it instead.' },
      },
    ],
  },
  {
    id: 'operations',
    label: 'Operations',
    summary: 'The routine that keeps brokers on board and the platform healthy.',
    sections: [
      {
        heading: 'Every day',
        steps: [
          'Check the Admin Dashboard: MRR, net profit, and the trials ending soon.',
          'Look at trials with 7 days or fewer left (red badge). Contact the broker; extend the trial if they need more time to decide, or upgrade them once they have chosen a plan.',
          'On Brokers, filter by status Past Due and remind those brokers to update their payment method.',
          'Respond to brokers within 24 hours.',
        ],
        links: [
          { label: 'Admin Dashboard', to: '/admin' },
          { label: 'Brokers', to: '/admin/brokers' },
        ],
      },
      {
        heading: 'Every week',
        bullets: [
          'Look for brokers whose last activity is old and offer help getting started: brokers who use reminders and campaigns keep their clients.',
          'Keep the resource library current: deactivate outdated scripts and compliance documents and upload the new versions.',
          'Watch costs against revenue: telephony costs grow with the number of reminder calls and texts.',
        ],
      },
      {
        heading: 'Before the annual enrolment period',
        bullets: [
          'Upload this year’s scripts, templates and compliance material, and deactivate last year’s.',
          'Check that every broker who relies on the platform is Active, not on an ending trial or past due, so their reminders and campaigns keep going out.',
        ],
      },
    ],
  },
  {
    id: 'help',
    label: 'Help',
    summary: 'Troubleshooting, and what to check first.',
    sections: [
      {
        heading: 'Revenue is negative or looks wrong',
        steps: [
          'Verify the client count of the brokers concerned.',
          'Check for deactivated clients: only active clients count towards revenue.',
          'Recalculate: choose Refresh on the Admin Dashboard to compute the figures again from the current data.',
          'Check the audit logs for recent tier or status changes.',
        ],
        note: {
          severity: 'info',
          text: 'Net profit can be negative for a good reason: costs are counted for every broker, while brokers on trial bring no revenue.',
        },
      },
      {
        heading: 'A trial extension fails',
        bullets: [
          'Verify the trial status: only a broker whose status is Trial can be extended ("Only brokers on trial can be extended").',
          'Verify the days are positive: a whole number from 1 to 90.',
        ],
      },
      {
        heading: 'A broker lacks access to features',
        bullets: [
          'Check their status: they need Trial or Active.',
          'Check the trial expiry: when a trial’s end date has passed, reminders and campaigns are refused with "Your trial has expired. Please upgrade to continue." Extend the trial or upgrade the broker.',
          'Past Due: ask them to update their payment method. Canceled: set the status to Active once their payment method is verified.',
        ],
      },
      {
        heading: 'Someone cannot open the admin pages',
        body: 'Only admins can. Another admin adds them on the Admins page by the e-mail they signed in with (they must have signed in at least once); the first admin is made from the server with npm run admin:grant -- EMAIL.',
      },
      {
        heading: 'Helping brokers',
        bullets: [
          'Respond to brokers within 24 hours.',
          'Brokers have their own guide under Help, with a quick start, clients, reminders, campaigns, resources, settings and troubleshooting.',
        ],
        links: [{ label: 'Broker guide', to: '/help' }],
      },
    ],
  },
];
