export const PREVIEW_TEXTS = {
  portalPreview: 'Client portal preview',
  logo: (agency: string) => `${agency} logo`,
  title: 'Client Portal Preview',
  subtitle: 'This is the private portal your clients see after they accept your invitation.',
  sampleNotice:
    'Sample data: the client, medications and reminders below are examples. Your clients’ own medications and reminders are private and never shown to you.',
  defaultAgency: 'Your Healthcare Team',
  help: 'Help',
  signOut: 'Sign Out',
  welcome: (firstName: string) => `Welcome, ${firstName}!`,
  welcomeSub: 'Keep track of your medications and never miss a dose.',
  fromAgency: (agency: string) => `A message from ${agency}`,
  myMedications: 'My Medications',
  addMedication: 'Add Medication',
  privacyNotice: 'Your medication information is private. Only you can see it — your broker and your agency cannot.',
  myReminders: 'My Reminders',
  scheduleReminder: 'Schedule Reminder',
  upcomingReminders: 'Upcoming Reminders',
  footer: (agency: string) => `© ${agency}. Your information is kept private and secure.`,
  previewOnly: 'Preview only',
} as const;

/** What the preview shows in place of a real client's data. */
export const SAMPLE_CLIENT = { firstName: 'Margaret' } as const;

export const SAMPLE_MEDICATIONS = [
  { id: 'm1', name: 'Lisinopril', dosage: '10 mg', frequency: 'Once daily', instructions: 'Take in the morning with water' },
  { id: 'm2', name: 'Metformin', dosage: '500 mg', frequency: 'Twice daily', instructions: 'Take with meals' },
  { id: 'm3', name: 'Atorvastatin', dosage: '20 mg', frequency: 'Once daily', instructions: 'Take in the evening' },
] as const;

export const SAMPLE_REMINDERS = [
  { id: 'r1', message: 'Morning medications', schedule: 'Every day at 8:00 AM', status: 'pending' },
  { id: 'r2', message: 'Evening medications', schedule: 'Every day at 7:00 PM', status: 'pending' },
  { id: 'r3', message: 'Refill pharmacy order', schedule: 'Every 4 weeks on Monday at 10:00 AM', status: 'completed' },
] as const;
