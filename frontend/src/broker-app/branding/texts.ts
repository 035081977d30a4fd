/** The Branding page's texts (SPEC §2 Branding page, §5 Sponsor message, §8, §9). */
export const SPONSOR_MESSAGE_MAX = 150;
/** The server takes PNG, JPEG or WebP logos up to 2 MB and stores them as 200×200 PNGs. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

export const BRANDING_TEXTS = {
  title: 'White-Label Branding',
  loadFailed: 'Could not load your branding.',
  subtitle: 'Your agency’s name, logo, colors and sponsor message, as your clients see them',

  agencyTitle: 'Agency Information',
  agencyName: 'Agency Name',
  agencyNamePlaceholder: 'e.g. Whitfield Medicare Advisors',
  agencyPhone: 'Agency Phone',
  agencyPhonePlaceholder: '(555) 010-2000',
  agencyPhoneHint: 'Shown in e-mail footers',
  agencyAddress: 'Postal Address',
  agencyAddressPlaceholder: 'e.g. 410 Church Street, Suite 200, Nashville, TN 37219',
  agencyAddressHint: 'Every marketing e-mail carries it in its footer, as the law requires; campaigns go out once it is set.',

  logoTitle: 'Agency Logo',
  logoHint: 'Recommended size: 200x200 px. PNG, JPEG or WebP, up to 2 MB.',
  logoUpload: 'Upload Logo',
  logoReplace: 'Replace Logo',
  logoNone: 'No logo yet',
  logoAlt: 'Current agency logo',
  logoFileLabel: 'Logo file',
  logoUploading: (percent: number) => `Uploading… ${percent}%`,
  logoUploaded: 'Logo uploaded',
  logoUploadedDescription: 'Your sidebar, client portal and e-mails now show it.',
  logoFailed: 'Failed to upload logo',
  logoWrongFile: 'Choose a PNG, JPEG or WebP image of at most 2 MB.',

  colorsTitle: 'Brand Colors',
  primaryColor: 'Primary Color',
  secondaryColor: 'Secondary Color',
  colorPicker: (label: string) => `${label} picker`,
  colorHint: 'Hex, e.g. #2563eb',
  colorInvalid: 'Enter a hex color like #2563eb or #26e',
  contrastTitle: 'This color is hard to read on white',
  contrastWarning: (ratio: string, shade: string, shadeRatio: string) =>
    `As text on a light background, or behind white text, it reads at ${ratio}:1, under the 4.5:1 that people with low vision need. Buttons, links, the client portal and your e-mails use a darker shade of it, ${shade} (${shadeRatio}:1), so that everyone can read them. Choose a darker color to use your own everywhere.`,
  contrastShade: 'The shade used',

  sponsorTitle: 'Sponsor Message',
  sponsorLabel: 'Sponsor message',
  sponsorPlaceholder: 'e.g. Brought to you by Whitfield Medicare Advisors, your local Medicare experts.',
  sponsorHint: 'Added to every reminder call, after the reminder.',
  sponsorEsLabel: 'Sponsor message in Spanish (optional)',
  sponsorEsPlaceholder: 'p. ej. Le ofrece este servicio Whitfield Medicare Advisors, sus expertos locales en Medicare.',
  sponsorEsHint: 'For clients whose language is Spanish; left empty, they get the message above.',
  counter: (length: number) => `${length}/${SPONSOR_MESSAGE_MAX}`,
  tooLong: (length: number) => `${length} characters: shorten it to ${SPONSOR_MESSAGE_MAX} or fewer to save.`,

  save: 'Save',
  discard: 'Discard Changes',
  unsaved: 'You have unsaved changes. The previews already show them.',
  saved: 'Branding saved',
  savedDescription: 'Your clients now see the new look.',
  saveFailed: 'Failed to save branding settings',

  previewTitle: 'Client-Facing Preview',
  previewSubtitle: 'Updates as you type. Nothing changes for clients until you save.',
  loginPreview: 'Client login page',
  emailPreview: 'E-mail template',
  callPreview: 'Call script',

  portalLinkTitle: 'Your Clients’ Sign-In Link',
  portalLinkHint:
    'Share this link with your clients (in an e-mail, on your website, on a card): their sign-in page shows your logo, name and color, so they see it is you. It never changes, even if you rename your agency.',
  portalLinkLabel: 'Branded sign-in link',
  portalLinkCopy: 'Copy Link',
  portalLinkCopied: 'Link copied',
  portalLinkCopiedDescription: 'Paste it wherever your clients will find it.',
  portalLinkCopyFailed: 'Could not copy the link: select it and copy it yourself.',
  portalLinkFailed: 'Could not load your sign-in link.',
} as const;

/** What the client pages say, so the previews look like them. */
export const PREVIEW_TEXTS = {
  portalDefaultAgency: 'Your Healthcare Team',
  emailDefaultAgency: 'Your insurance agency',
  loginHeading: 'Client Portal',
  loginSubheading: 'Sign in to see your medications and reminders',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  loginNote: (agency: string) => `Don’t have an account? Contact ${agency} for an invitation.`,
  emailFrom: (agency: string) => `From: ${agency}`,
  emailSubject: 'Subject: Annual Enrollment is almost here',
  emailGreeting: 'Hi Margaret,',
  emailBody:
    'Annual Enrollment runs from October 15 to December 7. It is a good time to make sure your plan still fits you. Reply to this e-mail or give us a call and we will go over your options together.',
  emailLink: 'Book a plan review',
  emailFooterNote: (agency: string) => `You are receiving this because you are a client of ${agency}.`,
  unsubscribe: 'Unsubscribe',
  callSampleMessage: 'This is your friendly medication reminder.',
  callParts: ['Greeting', 'Reminder', 'Sponsor message', 'Prompt'],
  callNote: 'Spoken by the automated reminder call, in this order.',
} as const;

/** The TPMO disclaimer section of Branding. */
export const TPMO_TEXTS = {
  title: 'Medicare marketing disclaimer (TPMO)',
  intro:
    'Agencies that sell Medicare plans must say, on marketing e-mails and texts and on the client portal, that they do not offer every plan. The text below is written from the numbers you give and appended for you.',
  sellsPlans: 'Does your agency sell Medicare Advantage or Part D plans?',
  sellsPlansYes: 'Yes',
  sellsPlansNo: 'No',
  unanswered: 'Not answered yet: campaigns go out once you choose yes or no and save.',
  chooseFirst: 'Choose yes or no',
  organizations: 'Organizations you represent',
  plans: 'Plans they offer in your area',
  generatedLabel: 'Disclaimer (generated)',
  ownLabel: 'Disclaimer (your wording)',
  generatedHint: 'Written from the numbers above. Edit it to use your own wording.',
  ownHint: 'Your own wording is used as written. “Reset to generated text” brings back the generated one.',
  save: 'Save disclaimer',
  reset: 'Reset to generated text',
  saved: 'Disclaimer saved',
  savedOn: 'Marketing e-mails and texts and the client portal now carry it.',
  savedOff: 'Your messages carry no disclaimer while your agency does not sell plans.',
  saveFailed: 'The disclaimer could not be saved',
} as const;

/**
 * What a new agency is asked before its first campaign (the dashboard's card), and what the
 * campaign screens say until it is answered. The rule: backend/src/branding/marketing-details.ts.
 */
export const MARKETING_DETAILS_TEXTS = {
  title: 'Before your first campaign',
  intro:
    'Your clients see your agency’s name everywhere. Every marketing e-mail carries its postal address, and Medicare marketing from an agency that sells plans carries the TPMO disclaimer. Campaigns go out once the address and the answer are set.',
  name: 'Agency name',
  nameHint: 'Your clients see it on every text, e-mail and call, and in their portal.',
  nameRequired: 'Enter your agency’s name',
  address: 'Agency postal address',
  addressPlaceholder: 'Street, suite, city, state and ZIP code',
  addressRequired: 'Enter your agency’s postal address',
  question: 'Does your agency sell Medicare Advantage or Part D plans?',
  yes: 'Yes',
  no: 'No',
  answerRequired: 'Choose yes or no',
  disclaimerNote: 'The disclaimer’s numbers and wording are in Branding.',
  save: 'Save',
  saved: 'Your agency is ready for campaigns',
  saveFailed: 'Your agency’s details could not be saved',
  blockedTitle: 'Campaigns cannot go out yet',
  blocked: (missingAddress: boolean, missingAnswer: boolean) =>
    missingAddress && missingAnswer
      ? 'Add your agency’s postal address and say whether it sells Medicare plans. Until then, campaigns cannot be sent, test-sent, scheduled or started.'
      : missingAddress
        ? 'Add your agency’s postal address. Until then, campaigns cannot be sent, test-sent, scheduled or started.'
        : 'Say whether your agency sells Medicare plans. Until then, campaigns cannot be sent, test-sent, scheduled or started.',
  openBranding: 'Open Branding',
} as const;
