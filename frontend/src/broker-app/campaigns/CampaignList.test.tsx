import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { Campaign } from '../types.ts';
import { CampaignList } from './CampaignList.tsx';

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
    { path: '/campaigns', dataProvider: { getCampaignAudience: vi.fn(async () => ({ count: 2, consented: 2 })), ...dataProvider } },
  );
}

const destructiveToast = () => document.querySelector('[data-toast-variant="destructive"]')?.textContent;
const stat = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  vi.useRealTimers();
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
