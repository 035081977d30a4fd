import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { spanishReactAdmin } from '../../i18n/es/react-admin.ts';
import { testNow } from '../../testClock.ts';
import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { renderWithAdmin } from '../testUtils.tsx';
import { CampaignList } from './CampaignList.tsx';
import type { CampaignTemplate, LifecycleCampaign } from './lifecycleTypes.ts';

type Campaign = LifecycleCampaign;

const draft: Campaign = {
  id: 'k1',
  name: 'AEP kickoff',
  type: 'email',
  subject: 'Open enrollment starts October 15',
  message: 'Annual enrollment opens soon. Book your plan review with us.',
  status: 'draft',
  audience: { kind: 'all' },
  recipientCount: 0,
  openedCount: 0,
  clickedCount: 0,
  createdAt: new Date(2030, 8, 1, 10, 0).toISOString(),
  sentAt: null,
  purpose: 'marketing',
  templateKey: null,
  schedule: null,
  trigger: null,
  followUps: [],
  steps: [],
  enrolledCount: 0,
};
const sent: Campaign = {
  ...draft,
  id: 'k2',
  name: 'Holiday greeting',
  type: 'sms',
  subject: null,
  message: 'Happy holidays from all of us!',
  status: 'sent',
  recipientCount: 25,
  openedCount: 12,
  clickedCount: 4,
  sentAt: new Date(2030, 11, 20, 16, 30).toISOString(),
};

const t65 = (language: 'en' | 'es', name: string, subject: string, message: string, sms: string): CampaignTemplate => ({
  key: 't65_welcome',
  language,
  name,
  purpose: 'informational',
  trigger: { kind: 'turning_65', daysBefore: 90 },
  email: { subject, message },
  sms: { message: sms },
});
const TEMPLATES: CampaignTemplate[] = [
  {
    key: 'aep_check_in',
    language: 'en',
    name: 'AEP check-in',
    purpose: 'marketing',
    trigger: { kind: 'medicare_date', date: 'aep_start' },
    email: { subject: 'Annual Enrollment is open', message: 'Let us review your plan for next year.' },
    sms: { message: 'Annual Enrollment is open. Reply to book a plan review.' },
  },
  t65_en(),
  t65('es', 'Bienvenida a los 65', 'Pronto cumple 65 años', 'Hablemos de Medicare antes de su cumpleaños.', 'Pronto cumple 65: hablemos.'),
];
function t65_en() {
  return t65(
    'en',
    'Turning 65 welcome',
    'You turn 65 soon',
    'Let us talk about Medicare before your birthday.',
    'You turn 65 soon: let us talk.',
  );
}

function getList(campaigns: Campaign[] = [draft, sent]) {
  return vi.fn(async (resource: string) => {
    if (resource === 'campaigns') return { data: campaigns, total: campaigns.length };
    throw new Error(`unexpected list ${resource}`);
  });
}

function renderPage(dataProvider: Record<string, unknown>) {
  return renderWithAdmin(
    <Routes>
      <Route path="/campaigns" element={<CampaignList />} />
      <Route path="/billing" element={<h1>Billing page</h1>} />
    </Routes>,
    {
      path: '/campaigns',
      dataProvider: {
        getCampaignAudience: vi.fn(async () => ({ count: 2, consented: 2 })),
        getCampaignTemplates: vi.fn(async () => TEMPLATES),
        ...dataProvider,
      } as never,
    },
  );
}

const destructiveToast = () => document.querySelector('[data-toast-variant="destructive"]')?.textContent;
const stat = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  vi.useRealTimers();
  setBrokerLanguage('en');
});

describe('the campaigns list', () => {
  it('shows the cards: name, type, status, subject, message; Send only on drafts; counts only on sent', async () => {
    renderPage({ getList: getList() });
    expect(screen.getByRole('heading', { level: 1, name: 'Messaging Campaigns' })).toBeTruthy();
    const [draftCard, sentCard] = await screen.findAllByRole('listitem');

    const d = within(draftCard);
    expect(d.getByText('AEP kickoff')).toBeTruthy();
    expect(d.getByText('Email')).toBeTruthy();
    expect(d.getByText('Draft')).toBeTruthy();
    expect(d.getByText('Open enrollment starts October 15')).toBeTruthy();
    expect(d.getByText('Annual enrollment opens soon. Book your plan review with us.')).toBeTruthy();
    expect(d.getByRole('button', { name: 'Send AEP kickoff' })).toBeTruthy();
    expect(d.getByRole('button', { name: 'Edit AEP kickoff' })).toBeTruthy();
    expect(d.getByRole('button', { name: 'Delete AEP kickoff' })).toBeTruthy();
    expect(d.getByRole('button', { name: 'Duplicate AEP kickoff' })).toBeTruthy();
    expect(d.queryByText('Opened')).toBeNull();
    expect(d.queryByText('Clicked')).toBeNull();

    const s = within(sentCard);
    expect(s.getByText('SMS')).toBeTruthy();
    expect(s.getByText('Sent').closest('.MuiChip-root')!.className).toContain('MuiChip-colorSuccess');
    expect(s.queryByRole('button', { name: 'Send Holiday greeting' })).toBeNull();
    expect(s.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(s.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(s.getByRole('link', { name: 'Recipients of Holiday greeting' }).getAttribute('href')).toBe('/campaigns/k2/show');
    expect(stat(sentCard, 'Recipients')).toBe('25');
    expect(stat(sentCard, 'Opened')).toBe('12');
    expect(stat(sentCard, 'Clicked')).toBe('4');
    expect(s.getByText('Sent Dec 20, 2030 at 4:30 PM')).toBeTruthy();
  });

  it('has an empty state that invites to create a campaign', async () => {
    renderPage({ getList: getList([]) });
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Create Campaign' })).toHaveLength(2);
  });
});

async function openDialog() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Create Campaign' })[0]);
  return within(await screen.findByRole('dialog', { name: 'Create Campaign' }));
}

const type = (dialog: ReturnType<typeof within>, label: 'Email' | 'SMS') => fireEvent.click(dialog.getByRole('button', { name: label }));
const change = (dialog: ReturnType<typeof within>, name: RegExp, value: string) =>
  fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });
const submit = (dialog: ReturnType<typeof within>) => fireEvent.click(dialog.getByRole('button', { name: 'Create Campaign' }));

describe('creating a campaign', () => {
  it('shows and requires the subject only for e-mail', async () => {
    const create = vi.fn();
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    expect(dialog.getByRole('textbox', { name: /Subject/ })).toBeTruthy();
    submit(dialog);
    expect(await dialog.findByText('Name is required')).toBeTruthy();
    expect(dialog.getByText('Subject is required for an email campaign')).toBeTruthy();
    expect(dialog.getByText('Message is required')).toBeTruthy();

    type(dialog, 'SMS');
    expect(dialog.queryByRole('textbox', { name: /Subject/ })).toBeNull();
    expect(dialog.queryByText('Subject is required for an email campaign')).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends an SMS draft without a subject', async () => {
    const list = getList();
    const create = vi.fn(async (_r: string, { data }: { data: object }) => ({ data: { ...draft, ...data, id: 'k3' } }));
    renderPage({ getList: list, create });
    const dialog = await openDialog();
    change(dialog, /Subject/, 'Left over from e-mail');
    type(dialog, 'SMS');
    change(dialog, /Campaign name/, ' Flu shot clinic ');
    change(dialog, /Message/, 'Our office hosts a free community event on Friday.');
    expect(dialog.getByText(/50 characters/)).toBeTruthy();
    submit(dialog);

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toBe('campaigns');
    expect(create.mock.calls[0][1].data).toEqual({
      name: 'Flu shot clinic',
      type: 'sms',
      message: 'Our office hosts a free community event on Friday.',
      status: 'draft',
      audience: { kind: 'all' },
      purpose: 'marketing',
      templateKey: null,
      trigger: null,
      followUps: [],
    });
    expect(await screen.findByText('Campaign created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('sends an e-mail draft with its subject', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: object }) => ({ data: { ...draft, ...data, id: 'k3' } }));
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    change(dialog, /Campaign name/, 'Newsletter');
    change(dialog, /Subject/, 'News from your agency');
    change(dialog, /Message/, 'Here is what is new.');
    submit(dialog);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toEqual({
      name: 'Newsletter',
      type: 'email',
      subject: 'News from your agency',
      message: 'Here is what is new.',
      status: 'draft',
      audience: { kind: 'all' },
      purpose: 'marketing',
      templateKey: null,
      trigger: null,
      followUps: [],
    });
  });

  it("shows 'Failed to create campaign' when the server gives no message", async () => {
    const create = vi.fn(async () => {
      throw new HttpError('500: Internal Server Error', 500, 'Internal Server Error');
    });
    renderPage({ getList: getList(), create });
    const dialog = await openDialog();
    change(dialog, /Campaign name/, 'Newsletter');
    change(dialog, /Subject/, 'News');
    change(dialog, /Message/, 'Hello');
    submit(dialog);
    expect(await dialog.findByText('Failed to create campaign')).toBeTruthy();
    await waitFor(() => expect(destructiveToast()).toContain('Failed to create campaign'));
  });
});

async function sendDraft() {
  const [draftCard] = await screen.findAllByRole('listitem');
  fireEvent.click(within(draftCard).getByRole('button', { name: 'Send AEP kickoff' }));
  const confirm = within(await screen.findByRole('dialog', { name: 'Send this campaign?' }));
  expect(confirm.getByText(/“AEP kickoff” goes out now by e-mail/)).toBeTruthy();
  expect(await confirm.findByText('It goes to 2 clients.')).toBeTruthy();
  fireEvent.click(confirm.getByRole('button', { name: 'Send now' }));
}

describe('sending a draft', () => {
  it('asks first, sends, says to how many, and refreshes', async () => {
    const list = getList();
    const sendCampaign = vi.fn(async () => ({ count: 7 }));
    renderPage({ getList: list, sendCampaign });
    await sendDraft();
    await waitFor(() => expect(sendCampaign).toHaveBeenCalledWith('k1'));
    expect(await screen.findByText('Campaign sent')).toBeTruthy();
    expect(screen.getByText('Going out to 7 clients.')).toBeTruthy();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('does nothing when the broker cancels', async () => {
    const sendCampaign = vi.fn();
    renderPage({ getList: getList(), sendCampaign });
    const [draftCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Send AEP kickoff' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sendCampaign).not.toHaveBeenCalled();
  });

  it('sends a broker whose trial has expired to billing after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const body = { statusCode: 403, message: 'Your trial has expired. Please upgrade to continue.', trialExpired: true };
    const sendCampaign = vi.fn(async () => {
      throw new HttpError(`403: ${JSON.stringify(body)}`, 403, body);
    });
    renderPage({ getList: getList(), sendCampaign });
    await sendDraft();
    expect(await screen.findByText('Trial Expired')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.queryByRole('heading', { name: 'Billing page' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
  });

  it("shows 'Failed to send campaign' for other failures", async () => {
    const sendCampaign = vi.fn(async () => {
      throw new HttpError('502: Bad Gateway', 502, 'Bad Gateway');
    });
    renderPage({ getList: getList(), sendCampaign });
    await sendDraft();
    await waitFor(() => expect(destructiveToast()).toContain('Failed to send campaign'));
  });
});

describe('managing drafts', () => {
  it('will not send a draft that no client can receive', async () => {
    const sendCampaign = vi.fn();
    renderPage({ getList: getList(), sendCampaign, getCampaignAudience: vi.fn(async () => ({ count: 0, consented: 0 })) });
    const [draftCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Send AEP kickoff' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Send this campaign?' }));
    expect(await confirm.findByText(/None of your active clients can receive it/)).toBeTruthy();
    expect((confirm.getByRole('button', { name: 'Send now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits a draft in the same dialog and saves what changed', async () => {
    const update = vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({ data: { ...draft, id, ...data } }));
    renderPage({ getList: getList(), update });
    const [draftCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Edit AEP kickoff' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Campaign' }));
    expect((dialog.getByRole('textbox', { name: /Campaign name/ }) as HTMLInputElement).value).toBe('AEP kickoff');
    expect((dialog.getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).value).toBe('Open enrollment starts October 15');
    change(dialog, /Campaign name/, 'AEP kickoff 2030');
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1]).toMatchObject({
      id: 'k1',
      data: { name: 'AEP kickoff 2030', type: 'email', subject: 'Open enrollment starts October 15', message: draft.message },
    });
    expect(await screen.findByText('Campaign saved')).toBeTruthy();
  });

  it('shows a refused field under it', async () => {
    const body = {
      statusCode: 400,
      message: 'name must be at most 200 characters',
      field: 'name',
      errors: { name: 'name must be at most 200 characters' },
    };
    const update = vi.fn(async () => {
      throw new HttpError(`400: ${JSON.stringify(body)}`, 400, body);
    });
    renderPage({ getList: getList(), update });
    const [draftCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Edit AEP kickoff' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Campaign' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    const field = dialog.getByRole('textbox', { name: /Campaign name/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText('name must be at most 200 characters')).toBeTruthy();
  });

  it('deletes a draft after asking, and keeps it when the broker says so', async () => {
    const deleteOne = vi.fn(async () => ({ data: draft }));
    renderPage({ getList: getList(), delete: deleteOne });
    const [draftCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Delete AEP kickoff' }));
    let confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('“AEP kickoff” will be deleted. It was never sent.')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: /Keep It/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteOne).not.toHaveBeenCalled();

    fireEvent.click(within(draftCard).getByRole('button', { name: 'Delete AEP kickoff' }));
    confirm = within(await screen.findByRole('dialog'));
    fireEvent.click(confirm.getByRole('button', { name: /^Delete/ }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('campaigns', expect.objectContaining({ id: 'k1' })));
    expect(await screen.findByText('Draft deleted')).toBeTruthy();
  });

  it('duplicates a sent campaign into a new draft and refreshes', async () => {
    const list = getList();
    const duplicateCampaign = vi.fn(async () => ({ ...sent, id: 'k3', name: 'Copy of Holiday greeting', status: 'draft' }));
    renderPage({ getList: list, duplicateCampaign });
    const [, sentCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(sentCard).getByRole('button', { name: 'Duplicate Holiday greeting' }));
    await waitFor(() => expect(duplicateCampaign).toHaveBeenCalledWith('k2'));
    expect(await screen.findByText('Saved “Copy of Holiday greeting” as a draft')).toBeTruthy();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('sends a test to the broker and says where it went, or why not', async () => {
    const sendCampaignTest = vi.fn(async () => ({
      success: true,
      to: 'dana@agency.test',
      message: 'A test was sent to dana@agency.test.',
    }));
    renderPage({ getList: getList(), sendCampaignTest });
    const [draftCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Send Test of AEP kickoff to yourself' }));
    await waitFor(() => expect(sendCampaignTest).toHaveBeenCalledWith('k1'));
    expect(await screen.findByText('A test was sent to dana@agency.test.')).toBeTruthy();

    sendCampaignTest.mockResolvedValueOnce({ success: false, to: 'dana@agency.test', message: 'not shown' });
    fireEvent.click(within(draftCard).getByRole('button', { name: 'Send Test of AEP kickoff to yourself' }));
    await waitFor(() =>
      expect(destructiveToast()).toBe(
        'Failed to send the testThe test could not be sent to dana@agency.test. Please try again in a few minutes.',
      ),
    );
  });

  it('says in Spanish where the test went, or why not', async () => {
    await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    const sendCampaignTest = vi.fn(async () => ({
      success: true,
      to: 'dana@agency.test',
      message: 'A test was sent to dana@agency.test.',
    }));
    renderWithAdmin(<CampaignList />, {
      path: '/campaigns',
      dataProvider: { getList: getList(), getCampaignTemplates: vi.fn(async () => TEMPLATES), sendCampaignTest } as never,
      i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
    });
    const [draftCard] = await screen.findAllByRole('listitem');
    const send = within(draftCard).getByRole('button', { name: 'Enviar prueba de AEP kickoff (solo a usted)' });
    fireEvent.click(send);
    expect(await screen.findByText('Se envió una prueba a dana@agency.test.')).toBeTruthy();
    expect(screen.queryByText(/A test was sent/)).toBeNull();

    sendCampaignTest.mockResolvedValueOnce({ success: false, to: 'dana@agency.test', message: 'The test could not be sent' });
    fireEvent.click(send);
    await waitFor(() =>
      expect(destructiveToast()).toBe(
        'No se pudo enviar la pruebaNo se pudo enviar la prueba a dana@agency.test. Vuelva a intentarlo en unos minutos.',
      ),
    );
  });

  it('shows why a test text cannot go', async () => {
    const body = {
      statusCode: 400,
      message: 'Add your agency phone number in Settings to send yourself a test text.',
      field: 'agencyPhone',
    };
    const sendCampaignTest = vi.fn(async () => {
      throw new HttpError(`400: ${JSON.stringify(body)}`, 400, body);
    });
    renderPage({ getList: getList(), sendCampaignTest });
    const [, sentCard] = await screen.findAllByRole('listitem');
    fireEvent.click(within(sentCard).getByRole('button', { name: 'Send Test of Holiday greeting to yourself' }));
    await waitFor(() => expect(destructiveToast()).toContain(body.message));
  });
});

const day = (days: number) => format(addDays(testNow(), days), 'yyyy-MM-dd');
/** The builder's tests click through a whole dialog: more than the default 5 s on a busy machine. */
const SLOW = 20_000;
const pick = async (dialog: ReturnType<typeof within>, label: RegExp, option: string) => {
  await waitFor(() => expect(dialog.getByRole('combobox', { name: label }).getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};
const value = (dialog: ReturnType<typeof within>, name: RegExp) => (dialog.getByRole('textbox', { name }) as HTMLInputElement).value;
const created = (data: object, id = 'k9') => ({ data: { ...draft, ...data, id } });

describe('the campaign builder', () => {
  it(
    'fills the name, subject, message and purpose from a template, in either language, and a sequence’s trigger',
    async () => {
      const create = vi.fn(async (_r: string, { data }: { data: object }) => created(data));
      renderPage({ getList: getList(), create });
      const dialog = await openDialog();
      await pick(dialog, /Start from a template/, 'Turning 65 welcome');
      expect(value(dialog, /Campaign name/)).toBe('Turning 65 welcome');
      expect(value(dialog, /Subject/)).toBe('You turn 65 soon');
      expect(value(dialog, /Message/)).toBe('Let us talk about Medicare before your birthday.');
      expect((dialog.getByRole('radio', { name: 'Informational' }) as HTMLInputElement).checked).toBe(true);
      expect(dialog.getByText(/Marketing goes only to clients who gave marketing permission/)).toBeTruthy();
      // The first choice says what it does: nothing goes out until Send on the card.
      expect((dialog.getByRole('radio', { name: 'Save as a draft' }) as HTMLInputElement).checked).toBe(true);
      expect(dialog.queryByRole('radio', { name: 'Send now' })).toBeNull();
      expect(dialog.getByText(/^Nothing is sent yet\. Press Send on its card/)).toBeTruthy();

      // The text's own words when the broker switches to SMS.
      type(dialog, 'SMS');
      expect(value(dialog, /Message/)).toBe('You turn 65 soon: let us talk.');
      type(dialog, 'Email');

      fireEvent.click(dialog.getByRole('button', { name: 'Show the templates in Spanish' }));
      await pick(dialog, /Start from a template/, 'Bienvenida a los 65');
      expect(value(dialog, /Subject/)).toBe('Pronto cumple 65 años');
      expect(dialog.getByRole('button', { name: 'Show the templates in English' })).toBeTruthy();

      fireEvent.click(dialog.getByRole('radio', { name: 'Sequence' }));
      expect(dialog.getByRole('combobox', { name: /Trigger/ }).textContent).toBe('Days before turning 65');
      expect((dialog.getByRole('spinbutton', { name: /Days before/ }) as HTMLInputElement).value).toBe('90');
      // Picking another trigger starts from its own days before: a birthday greeting on the day.
      await pick(dialog, /Trigger/, 'Days before birthday');
      expect((dialog.getByRole('spinbutton', { name: /Days before/ }) as HTMLInputElement).value).toBe('0');
      await pick(dialog, /Trigger/, 'Days before turning 65');
      expect((dialog.getByRole('spinbutton', { name: /Days before/ }) as HTMLInputElement).value).toBe('30');
      fireEvent.change(dialog.getByRole('spinbutton', { name: /Days before/ }), { target: { value: '90' } });
      submit(dialog);
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(create.mock.calls[0][1].data).toMatchObject({
        name: 'Bienvenida a los 65',
        type: 'email',
        subject: 'Pronto cumple 65 años',
        purpose: 'informational',
        templateKey: 't65_welcome',
        trigger: { kind: 'turning_65', daysBefore: 90 },
        followUps: [],
      });
      expect(await screen.findByText('Sequence saved as a draft')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'checks a schedule before saving, then saves the draft and schedules it',
    async () => {
      const create = vi.fn(async (_r: string, { data }: { data: object }) => created(data));
      const scheduleCampaign = vi.fn(async (id: string, schedule: object) => ({ ...draft, id, status: 'scheduled', schedule }));
      renderPage({ getList: getList(), create, scheduleCampaign });
      const dialog = await openDialog();
      change(dialog, /Campaign name/, 'Holiday hours');
      change(dialog, /Subject/, 'Our holiday hours');
      change(dialog, /Message/, 'We close early on Dec 24.');
      fireEvent.click(dialog.getByRole('radio', { name: 'Schedule' }));
      expect(dialog.getByText("Sent at this time in each client's own time zone, between 8:00 AM and 9:00 PM")).toBeTruthy();
      const date = dialog.getByLabelText(/^Date/) as HTMLInputElement;
      const time = dialog.getByLabelText(/^Time/) as HTMLInputElement;
      expect(date.value).toBe(day(1));
      expect(time.value).toBe('10:00');

      fireEvent.change(time, { target: { value: '21:00' } });
      fireEvent.change(date, { target: { value: day(-1) } });
      submit(dialog);
      expect(await dialog.findByText('Choose a time between 8:00 AM and 8:59 PM')).toBeTruthy();
      expect(dialog.getByText('This time has already passed')).toBeTruthy();
      fireEvent.change(date, { target: { value: '' } });
      submit(dialog);
      expect(await dialog.findByText('Date is required')).toBeTruthy();
      expect(create).not.toHaveBeenCalled();

      fireEvent.change(date, { target: { value: day(400) } });
      submit(dialog);
      expect(await dialog.findByText('Choose a date at most a year ahead')).toBeTruthy();

      fireEvent.change(date, { target: { value: day(5) } });
      fireEvent.change(time, { target: { value: '08:00' } });
      submit(dialog);
      await waitFor(() => expect(scheduleCampaign).toHaveBeenCalledWith('k9', { date: day(5), time: '08:00' }));
      expect(create.mock.calls[0][1].data).toMatchObject({ name: 'Holiday hours', status: 'draft', trigger: null });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(scheduleCampaign).toHaveBeenCalledTimes(1);
    },
    SLOW,
  );

  it(
    'keeps the saved draft when the server refuses the schedule, and says why',
    async () => {
      const create = vi.fn(async (_r: string, { data }: { data: object }) => created(data));
      const update = vi.fn(async (_r: string, { id, data }: { id: string; data: object }) => ({ data: { ...draft, ...data, id } }));
      const body = { statusCode: 400, message: 'This campaign would go out more than 365 days from now.' };
      const scheduleCampaign = vi
        .fn()
        .mockRejectedValueOnce(new HttpError(`400: ${JSON.stringify(body)}`, 400, body))
        .mockResolvedValueOnce({ ...draft, id: 'k9', status: 'scheduled', schedule: { date: '2030-12-01', time: '10:00' } });
      renderPage({ getList: getList(), create, update, scheduleCampaign });
      const dialog = await openDialog();
      change(dialog, /Campaign name/, 'Holiday hours');
      change(dialog, /Subject/, 'Our holiday hours');
      change(dialog, /Message/, 'We close early.');
      fireEvent.click(dialog.getByRole('radio', { name: 'Schedule' }));
      submit(dialog);
      expect(await dialog.findByText(/Saved as a draft, but not scheduled yet\..*more than 365 days/)).toBeTruthy();
      submit(dialog);
      await waitFor(() => expect(scheduleCampaign).toHaveBeenCalledTimes(2));
      // The second try updates the same draft rather than making another.
      expect(create).toHaveBeenCalledTimes(1);
      expect(update.mock.calls[0][1].id).toBe('k9');
    },
    SLOW,
  );

  it(
    'adds follow-up steps (at most four), removes one, and checks each',
    async () => {
      const create = vi.fn(async (_r: string, { data }: { data: object }) => created(data));
      renderPage({ getList: getList(), create });
      const dialog = await openDialog();
      change(dialog, /Campaign name/, 'Welcome series');
      change(dialog, /^Subject/, 'Welcome');
      change(dialog, /^Message/, 'Glad to have you.');
      fireEvent.click(dialog.getByRole('radio', { name: 'Sequence' }));
      expect(dialog.getByRole('combobox', { name: /Trigger/ }).textContent).toBe('When a client joins the audience');
      for (let i = 0; i < 4; i += 1) fireEvent.click(dialog.getByRole('button', { name: 'Add a follow-up step' }));
      expect(dialog.queryByRole('button', { name: 'Add a follow-up step' })).toBeNull();
      expect(dialog.getByText('A sequence has at most 4 follow-up steps.')).toBeTruthy();
      expect(
        dialog
          .getAllByRole('checkbox', { name: 'Skip if the client clicked or replied' })
          .every((box) => (box as HTMLInputElement).checked),
      ).toBe(true);
      fireEvent.click(dialog.getByRole('button', { name: 'Remove step 5' }));
      fireEvent.click(dialog.getByRole('button', { name: 'Remove step 4' }));
      expect(dialog.getAllByRole('group', { name: /^Step \d/ })).toHaveLength(2);
      expect(dialog.getByRole('button', { name: 'Add a follow-up step' })).toBeTruthy();

      const waits = dialog.getAllByRole('spinbutton', { name: /Wait \(days\)/ });
      fireEvent.change(waits[0], { target: { value: '0' } });
      submit(dialog);
      expect(await dialog.findByText('Enter a whole number of days from 1 to 365')).toBeTruthy();
      expect(dialog.getAllByText('Subject is required for an email campaign')).toHaveLength(2);
      expect(create).not.toHaveBeenCalled();

      fireEvent.change(waits[0], { target: { value: '3' } });
      const step2 = within(dialog.getByRole('group', { name: 'Step 2' }));
      fireEvent.change(step2.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Your portal' } });
      fireEvent.change(step2.getByRole('textbox', { name: /Message/ }), { target: { value: 'Here is how to sign in.' } });
      fireEvent.click(step2.getByRole('checkbox', { name: 'Skip if the client clicked or replied' }));
      const step3 = within(dialog.getByRole('group', { name: 'Step 3' }));
      fireEvent.change(step3.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Questions?' } });
      fireEvent.change(step3.getByRole('textbox', { name: /Message/ }), { target: { value: 'Call us any time.' } });
      submit(dialog);
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(create.mock.calls[0][1].data).toMatchObject({
        trigger: { kind: 'joined' },
        followUps: [
          { delayDays: 3, subject: 'Your portal', message: 'Here is how to sign in.', skipIfEngaged: false },
          { delayDays: 7, subject: 'Questions?', message: 'Call us any time.', skipIfEngaged: true },
        ],
      });
    },
    SLOW,
  );
});

const scheduled: Campaign = {
  ...draft,
  id: 'k3',
  name: 'Holiday hours',
  status: 'scheduled',
  schedule: { date: '2030-12-01', time: '10:00' },
};
const sequenceDraft: Campaign = {
  ...draft,
  id: 'k4',
  name: 'T65 welcome',
  trigger: { kind: 'turning_65', daysBefore: 30 },
  followUps: [{ delayDays: 7, subject: 'Still here', message: 'Any questions?', skipIfEngaged: true }],
};
const active: Campaign = {
  ...sequenceDraft,
  id: 'k5',
  name: 'AEP opens',
  status: 'active',
  trigger: { kind: 'medicare_date', date: 'aep_start' },
  enrolledCount: 40,
  steps: [
    { step: 1, sent: 38, opened: 20, clicked: 5, replied: 2, skipped: 2 },
    { step: 2, sent: 30, opened: 10, clicked: 3, replied: 0, skipped: 8 },
  ],
};
const paused: Campaign = { ...active, id: 'k6', name: 'Birthday notes', status: 'paused', trigger: { kind: 'birthday', daysBefore: 1 } };
const finished: Campaign = {
  ...active,
  id: 'k7',
  name: 'OEP reminder',
  status: 'finished',
  trigger: { kind: 'medicare_date', date: 'oep_start' },
};
const ALL = [draft, sent, scheduled, sequenceDraft, active, paused, finished];

const cardOf = (name: string) => within(screen.getByRole('listitem', { name }));
const buttons = (name: string) =>
  cardOf(name)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('statuses and what each allows', () => {
  it(
    'shows each status, the schedule or the trigger in words, and the right actions',
    async () => {
      renderPage({ getList: getList(ALL) });
      await screen.findAllByRole('listitem');
      const chip = (name: string, label: string) => cardOf(name).getByText(label, { selector: '.MuiChip-label' });
      expect(chip('AEP kickoff', 'Draft')).toBeTruthy();
      expect(chip('Holiday hours', 'Scheduled')).toBeTruthy();
      expect(chip('AEP opens', 'Active')).toBeTruthy();
      expect(chip('Birthday notes', 'Paused')).toBeTruthy();
      expect(chip('OEP reminder', 'Finished')).toBeTruthy();

      expect(cardOf('Holiday hours').getByText("Scheduled for Dec 01, 2030 at 10:00 AM (each client's time)")).toBeTruthy();
      expect(cardOf('T65 welcome').getByText('30 days before turning 65 · 2 steps')).toBeTruthy();
      expect(cardOf('AEP opens').getByText('Every year on Oct 15 (AEP starts) · 2 steps')).toBeTruthy();
      expect(cardOf('Birthday notes').getByText('1 day before their birthday · 2 steps')).toBeTruthy();
      expect(cardOf('OEP reminder').getByText('Every year on Jan 2 (OEP starts) · 2 steps')).toBeTruthy();

      // Only one-off drafts show a Send button.
      expect(buttons('AEP kickoff')).toEqual(['Edit', 'Delete', 'Send Test', 'Duplicate', 'Schedule…', 'Send']);
      expect(buttons('Holiday greeting')).toEqual(['Send Test', 'Duplicate']);
      expect(buttons('Holiday hours')).toEqual(['Send Test', 'Duplicate', 'Cancel Schedule']);
      expect(buttons('T65 welcome')).toEqual(['Edit', 'Delete', 'Send Test', 'Duplicate', 'Start']);
      expect(buttons('AEP opens')).toEqual(['Send Test', 'Duplicate', 'Pause', 'Finish']);
      expect(buttons('Birthday notes')).toEqual(['Send Test', 'Duplicate', 'Resume', 'Finish']);
      expect(buttons('OEP reminder')).toEqual(['Send Test', 'Duplicate']);
      expect(cardOf('AEP opens').getByRole('link', { name: 'Steps of AEP opens' }).getAttribute('href')).toBe('/campaigns/k5/show');
      expect(stat(screen.getByRole('listitem', { name: 'AEP opens' }), 'Enrolled')).toBe('40');
      expect(stat(screen.getByRole('listitem', { name: 'AEP opens' }), 'Opened')).toBe('30');
      // A sent campaign keeps its figures.
      expect(stat(screen.getByRole('listitem', { name: 'Holiday greeting' }), 'Opened')).toBe('12');
    },
    SLOW,
  );

  it(
    'starts, pauses, resumes and cancels a schedule, and finishes only after asking',
    async () => {
      const list = getList(ALL);
      const startCampaign = vi.fn(async () => ({ ...sequenceDraft, status: 'active' }));
      const pauseCampaign = vi.fn(async () => ({ ...active, status: 'paused' }));
      const resumeCampaign = vi.fn(async () => ({ ...paused, status: 'active' }));
      const unscheduleCampaign = vi.fn(async () => ({ ...scheduled, status: 'draft' }));
      const finishCampaign = vi.fn(async () => ({ ...active, status: 'finished' }));
      renderPage({ getList: list, startCampaign, pauseCampaign, resumeCampaign, unscheduleCampaign, finishCampaign });
      await screen.findAllByRole('listitem');

      fireEvent.click(cardOf('T65 welcome').getByRole('button', { name: 'Start T65 welcome' }));
      await waitFor(() => expect(startCampaign).toHaveBeenCalledWith('k4'));
      expect(await screen.findByText('Sequence started')).toBeTruthy();
      fireEvent.click(cardOf('AEP opens').getByRole('button', { name: 'Pause AEP opens' }));
      await waitFor(() => expect(pauseCampaign).toHaveBeenCalledWith('k5'));
      fireEvent.click(cardOf('Birthday notes').getByRole('button', { name: 'Resume Birthday notes' }));
      await waitFor(() => expect(resumeCampaign).toHaveBeenCalledWith('k6'));
      fireEvent.click(cardOf('Holiday hours').getByRole('button', { name: 'Cancel Schedule: Holiday hours' }));
      await waitFor(() => expect(unscheduleCampaign).toHaveBeenCalledWith('k3'));

      fireEvent.click(cardOf('AEP opens').getByRole('button', { name: 'Finish AEP opens' }));
      const confirm = within(await screen.findByRole('dialog', { name: 'Finish this sequence?' }));
      fireEvent.click(confirm.getByRole('button', { name: /Keep It Running/ }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(finishCampaign).not.toHaveBeenCalled();
      fireEvent.click(cardOf('AEP opens').getByRole('button', { name: 'Finish AEP opens' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Finish/ }));
      await waitFor(() => expect(finishCampaign).toHaveBeenCalledWith('k5'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
    SLOW,
  );

  it(
    'shows the server’s reason when an action is refused',
    async () => {
      const body = { statusCode: 409, message: 'This campaign has a trigger: start it instead.' };
      const startCampaign = vi.fn(async () => {
        throw new HttpError(`409: ${JSON.stringify(body)}`, 409, body);
      });
      renderPage({ getList: getList(ALL), startCampaign });
      await screen.findAllByRole('listitem');
      fireEvent.click(cardOf('T65 welcome').getByRole('button', { name: 'Start T65 welcome' }));
      await waitFor(() => expect(destructiveToast()).toContain('Failed to start the sequence'));
      expect(destructiveToast()).toContain(body.message);
    },
    SLOW,
  );

  it(
    'schedules a draft from its card',
    async () => {
      const scheduleCampaign = vi.fn(async (id: string, schedule: object) => ({ ...draft, id, status: 'scheduled', schedule }));
      renderPage({ getList: getList(ALL), scheduleCampaign });
      await screen.findAllByRole('listitem');
      fireEvent.click(cardOf('AEP kickoff').getByRole('button', { name: 'Schedule… AEP kickoff' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Schedule this campaign' }));
      fireEvent.change(dialog.getByLabelText(/^Time/), { target: { value: '07:30' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
      expect(await dialog.findByText('Choose a time between 8:00 AM and 8:59 PM')).toBeTruthy();
      fireEvent.change(dialog.getByLabelText(/^Time/), { target: { value: '10:00' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
      await waitFor(() => expect(scheduleCampaign).toHaveBeenCalledWith('k1', { date: day(1), time: '10:00' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // After react-admin's own notice of the refused tries.
      expect(await screen.findByText('Campaign scheduled')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'filters by status',
    async () => {
      const list = getList(ALL);
      renderPage({ getList: list });
      await screen.findAllByRole('listitem');
      const filters = within(screen.getByRole('group', { name: 'Show campaigns' }));
      expect(filters.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
        'All',
        'Draft',
        'Scheduled',
        'Sent',
        'Active',
        'Paused',
        'Finished',
      ]);
      fireEvent.click(filters.getByRole('button', { name: 'Active' }));
      await waitFor(() => expect(list).toHaveBeenLastCalledWith('campaigns', expect.objectContaining({ filter: { status: 'active' } })));
      expect(filters.getByRole('button', { name: 'Active' }).getAttribute('aria-pressed')).toBe('true');
    },
    SLOW,
  );
});

describe('in Spanish', () => {
  it(
    'says the statuses, the schedule and the trigger in Spanish, and offers the Spanish templates first',
    async () => {
      await loadBrokerCatalogue('es');
      setBrokerLanguage('es');
      renderWithAdmin(<CampaignList />, {
        path: '/campaigns',
        dataProvider: { getList: getList(ALL), getCampaignTemplates: vi.fn(async () => TEMPLATES) } as never,
        i18nProvider: polyglotI18nProvider(() => spanishReactAdmin, 'es'),
      });
      await screen.findAllByRole('listitem');
      expect(cardOf('Holiday hours').getByText('Programada', { selector: '.MuiChip-label' })).toBeTruthy();
      expect(cardOf('Holiday hours').getByText(/^Programada para el 1 dic 2030, 10:00 .*\(hora de cada cliente\)$/)).toBeTruthy();
      expect(cardOf('AEP opens').getByText('Cada año el 15 oct (Comienza el AEP) · 2 pasos')).toBeTruthy();
      expect(cardOf('T65 welcome').getByRole('button', { name: 'Iniciar T65 welcome' })).toBeTruthy();

      fireEvent.click(screen.getAllByRole('button', { name: 'Crear campaña' })[0]);
      const dialog = within(await screen.findByRole('dialog', { name: 'Crear campaña' }));
      await pick(dialog, /Empezar con una plantilla/, 'Bienvenida a los 65');
      expect(value(dialog, /Asunto/)).toBe('Pronto cumple 65 años');
      expect(dialog.getByRole('button', { name: 'Mostrar las plantillas en inglés' })).toBeTruthy();
    },
    SLOW,
  );
});
