/**
 * Every word the product sends to a client, a caregiver or a recipient in English: texts, call
 * scripts, voicemail, e-mails and the small pages behind their links. `es.ts` has the same keys.
 * The broker's own words (a reminder's message, the sponsor message, a campaign) are sent as written.
 */
export const en = {
  /** BCP 47 tag for `lang` attributes and dates. */
  locale: 'en-US',
  yourAgency: 'your insurance agency',
  YourAgency: 'Your insurance agency',
  theirAgency: 'their insurance agency',
  aClient: 'A client',
  theyPronoun: 'they',
  yourFamilyMember: 'Your family member',

  sms: {
    defaultReminder: "It's time to take your medication",
    confirmPrompt: 'Reply 1 or YES when you have taken it.',
    optOut: 'Reply STOP to opt out.',
    campaignOptOut: 'Reply STOP to opt out',
    started: 'You will receive texts from us again. Reply STOP to opt out.',
    confirmed: 'Thank you. We noted that you have taken it.',
    stopped: (what: string) => `You will not receive more ${what} from us. Reply START to receive texts again.`,
    channelNames: { voice: 'calls', sms: 'texts', email: 'e-mails' } as Record<string, string>,
    and: 'and',
    help: (agency: string, phone: string) =>
      `Reminders from ${agency}. For help call us${phone ? ` at ${phone}` : ''}. Reply STOP to opt out.`,
    invitation: (agency: string, days: number, url: string) =>
      `${agency} invited you to your private portal for your medications and reminders. Create your account here (the link works for ${days} days): ${url} Reply STOP to opt out.`,
    caregiverInvitation: (name: string, agency: string) =>
      `${name} added you as their caregiver for reminders from ${agency}. Reply YES to get a text if they miss one. Reply STOP to opt out.`,
    caregiverAgreed: (name: string) => `Thank you. You will get a text if ${name} misses a reminder. Reply STOP to opt out.`,
    renewal: (agency: string, when: string, link: string) =>
      `${agency}: Your permission for us to contact you about Medicare plans ${when}. To keep hearing from us, reply YES or open ${link} Reply STOP to opt out.`,
    renewed: (agency: string) => `Thank you. ${agency} may keep contacting you about Medicare plans. Reply STOP to opt out.`,
    disclaimer: (link: string) => `We do not offer every plan available in your area. Info: ${link}`,
    passwordReset: (agency: string, code: string, username: string, minutes: number) =>
      `${agency}: Your code to reset your portal password is ${code}. Your username is ${username}. The code works for ${minutes} minutes. If you did not ask for it, ignore this text.`,
  },

  call: {
    /** Twilio `<Say>`: an Amazon Polly voice and its language. */
    voice: 'Polly.Joanna',
    language: 'en-US',
    hello: (agency: string) => `Hello, this is a reminder from ${agency}.`,
    prompt: 'Press 1 or say yes to confirm you got this message. Press 9 to stop these calls.',
    /** Words the call's speech recognition is told to expect (Twilio `<Gather hints>`). */
    yesHints: 'yes, yeah, yep, I did',
    goodbye: 'Thank you. Goodbye.',
    confirmed: 'Thank you for confirming. Goodbye.',
    stopped: 'You will not receive these calls anymore. Goodbye.',
    bye: 'Goodbye.',
    voicemail: (agency: string, phone: string) =>
      `This is a reminder from ${agency}. Please call us back${phone ? ` at ${phone}` : ''} if you need help.`,
  },

  /** A reminder's time in an alert, in luxon's format tokens. */
  timeFormat: 'h:mm a',

  caregiver: {
    alert: (name: string, time: string, agency: string) => `${name} has not confirmed the ${time} reminder from ${agency}.`,
    reason: (name: string) => `You get this because ${name} added you as their caregiver.`,
    privacy: (name: string) => `You will only learn the time of a reminder ${name} did not confirm, never what it is about.`,
    inviteSubject: (name: string) => `${name} added you as their caregiver`,
    inviteText: (name: string, agency: string) =>
      `${name} added you as their caregiver for reminders from ${agency}. Do you want an e-mail when ${name} does not confirm one?`,
    nothingElse: 'Nothing else is sent to you unless you say yes.',
    answer: 'Answer',
    alertSubject: (name: string) => `${name} has not confirmed a reminder`,
    yourEmails: 'Your caregiver e-mails',
    pageInvitedTitle: 'Caregiver invitation',
    pageInvitedHeading: (name: string) => `${name} added you as their caregiver`,
    pageInvitedText: (name: string, agency: string) =>
      `${agency} sends ${name} reminders. Do you want an e-mail when ${name} does not confirm one?`,
    pageAgree: 'Yes, e-mail me',
    pageDecline: 'No, thank you',
    pageActiveTitle: 'Caregiver e-mails',
    pageActiveHeading: (name: string, thanks: boolean) =>
      `${thanks ? 'Thank you. ' : ''}You will get an e-mail if ${name} misses a reminder`,
    pageStop: 'Stop these e-mails',
    pageStoppedTitle: 'Caregiver e-mails stopped',
    pageStoppedHeading: (name: string) => `You will not get e-mails about ${name}’s reminders`,
    pageStoppedText: (name: string) => `If you change your mind, ask ${name} to add you again.`,
    pageNotValid: 'It may have been copied incompletely, or the caregiver was removed.',
  },

  email: {
    campaignReason: (agency: string) => `You are receiving this because you are a client of ${agency}.`,
    unsubscribe: 'Unsubscribe',
    stopThese: 'Stop these e-mails',
    renewalSubject: (agency: string) => `${agency}: keep hearing from us?`,
    renewalText: (agency: string, when: string) =>
      `Your permission for ${agency} to contact you about Medicare plans ${when}. To keep hearing from us, open the link below and choose “Yes, keep me informed”.`,
    renewalButton: 'Yes, keep me informed',
    renewalIfNothing: 'If you do nothing, we will stop contacting you about plans. Your reminders are not affected.',
    renewalReason: (agency: string) => `You receive this because ${agency} has contacted you about Medicare plans.`,
    permissionEnded: (date: string) => `ended on ${date}`,
    permissionEnds: (date: string) => `ends on ${date}`,
    passwordResetSubject: (agency: string) => `${agency}: reset your portal password`,
    passwordResetText: (username: string, minutes: number) =>
      `Someone asked to reset the password of your reminders portal (username: ${username}). Open the link below to choose a new password. It works once, for ${minutes} minutes.`,
    passwordResetIgnore: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
  },

  pages: {
    notValidTitle: 'Link not valid',
    notValidHeading: 'This link is not valid',
    notValidText: 'It may have been copied incompletely.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeHeading: (agency: string) => `Unsubscribe from ${agency} e-mails?`,
    unsubscribeText: 'You will no longer receive e-mails like this one. Reminder calls and texts you asked for are not affected.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'Unsubscribed',
    unsubscribedHeading: 'You are unsubscribed',
    unsubscribedText: (agency: string) => `${agency} will not send you e-mails like this again.`,
    renewTitle: (agency: string) => `Keep hearing from ${agency}?`,
    renewText: (agency: string) => `${agency} would like to keep contacting you about Medicare plans by call, text and e-mail.`,
    renewYes: 'Yes, keep me informed',
    renewNo: 'No, stop',
    renewedTitle: 'Thank you',
    renewedText: (agency: string) => `${agency} may keep contacting you about Medicare plans. You can stop at any time.`,
    stopTitle: (agency: string) => `Stop hearing from ${agency}?`,
    stopHeading: (agency: string) => `Stop hearing from ${agency} about plans?`,
    stopText: 'Your reminders are not affected.',
    stopButton: 'Stop',
    stoppedTitle: 'Stopped',
    stoppedHeading: 'Done',
    stoppedText: (agency: string) => `${agency} will not contact you about Medicare plans anymore.`,
  },
  pdf: {
    title: 'Medication reminder history',
    documentTitle: (client: string) => `Medication reminder history — ${client}`,
    prepared: (date: string, zone: string) => `Prepared ${date} · times in ${zone}`,
    remindersFrom: (agency: string) => `Reminders from ${agency}`,
    last30: (from: string, to: string) => `Last 30 days (${from} – ${to})`,
    allReminders: (line: string) => `All reminders: ${line}`,
    noFigure: 'No reminder has ended yet',
    notSent: (n: number) => `${n} not sent`,
    confirmedShare: (percent: number, confirmed: number, total: number) => `${percent} % confirmed (${confirmed} of ${total})`,
    last90: 'Every reminder of the last 90 days',
    none90: 'No reminder was sent in the last 90 days.',
    medicationReminder: 'Medication reminder',
    confirmedAt: (time: string) => ` at ${time}`,
    tries: (n: number) => `${n} tries`,
    outcomes: { confirmed: 'Confirmed', missed: 'Not confirmed', skipped: 'Not sent', waiting: 'Waiting for confirmation' },
    channels: { voice: 'Call', sms: 'Text' } as Record<string, string>,
    footnote: 'Confirmed: the reminder was answered with 1 on the call or a reply of 1 or YES to the text.',
    /** Luxon formats: a day, and an occurrence's day and time. */
    dayFormat: 'LLL d, yyyy',
    occurrenceFormat: 'ccc LLL d, yyyy h:mm a',
    timeFormat: 'h:mm a',
  },
};

/** The shape every language's catalogue has. */
export type Messages = typeof en;
