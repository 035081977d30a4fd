import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/http.ts';
import type { CareKeepDataProvider } from '../../providers/dataProvider.ts';
import { narrowScreen, renderWithAdmin, TEST_USER } from '../../testUtils.tsx';
import type { Resource } from '../../types.ts';
import { AdminResourcesPage } from './AdminResourcesPage.tsx';

const ADMIN = { ...TEST_USER, isAdmin: true, firstName: 'Avery', lastName: 'Admin', email: 'admin@example.com' };

function resource(overrides: Partial<Resource> & Pick<Resource, 'id' | 'title'>): Resource {
  return {
    description: '',
    category: 'general',
    fileType: 'pdf',
    fileSize: 2048,
    downloadCount: 0,
    isActive: true,
    isPublic: false,
    createdAt: '2026-11-02T15:00:00.000Z',
    ...overrides,
  };
}

const GUIDE = resource({
  id: 'r1',
  title: 'Objection Handling Guide',
  description: 'Answers to common AEP objections',
  category: 'training',
  fileSize: 3072,
  downloadCount: 1234,
  isPublic: true,
});
const SCRIPT = resource({ id: 'r2', title: 'Annual Review Script', category: 'scripts', fileType: 'docx', isActive: false });

type Methods = Partial<CareKeepDataProvider>;

function renderPage(resources: Resource[] = [GUIDE, SCRIPT], methods: Methods = {}) {
  const getList = methods.getList ?? vi.fn().mockResolvedValue({ data: resources, total: resources.length });
  const rendered = renderWithAdmin(<AdminResourcesPage />, {
    dataProvider: { ...methods, getList } as Methods,
    path: '/admin/resources',
    user: ADMIN,
  });
  return { getList: getList as ReturnType<typeof vi.fn>, ...rendered };
}

const lastParams = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1];

async function rowOf(title: string): Promise<HTMLElement> {
  const cell = await screen.findByText(title);
  return cell.closest('tr') as HTMLElement;
}

/** Opens the row's actions menu and picks one. */
async function chooseAction(title: string, action: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

/** The row's menu items, read with the menu open, then closed again. */
async function menuItems(title: string): Promise<string[]> {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

/** The toast whose title is `title` (toasts are role status, or alert when destructive). */
async function toastTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.MuiAlertTitle-root' });
  return heading.closest('[role="status"],[role="alert"]') as HTMLElement;
}

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // react-admin keeps each list's search and sort in its store between visits.
  localStorage.clear();
});

describe('the resource table', () => {
  it('lists every resource, inactive ones included, with its details', async () => {
    const { getList } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Resource Management' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Resource' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Resources' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Title', 'Category', 'Size', 'Downloads', 'Status', 'Public Link', 'Uploaded', 'Actions']);
    // Inactive resources too, newest first, a page of 25.
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList).toHaveBeenCalledWith(
      'admin/resources',
      expect.objectContaining({
        filter: { includeInactive: true },
        sort: { field: 'createdAt', order: 'DESC' },
        pagination: { page: 1, perPage: 25 },
      }),
    );

    const guide = within(await rowOf('Objection Handling Guide'));
    expect(guide.getByText('Answers to common AEP objections')).toBeTruthy();
    expect(guide.getByText('Training Materials')).toBeTruthy();
    expect(guide.getByText('3.0 KB')).toBeTruthy();
    expect(guide.getByText('1,234')).toBeTruthy();
    expect(guide.getByText('Active')).toBeTruthy();
    expect(guide.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(guide.getByText('Nov 02, 2026')).toBeTruthy();
    expect(await menuItems('Objection Handling Guide')).toEqual(['Edit', 'Deactivate', 'Make Private', 'Delete']);

    const script = within(await rowOf('Annual Review Script'));
    expect(script.getByText('Sales Scripts')).toBeTruthy();
    expect(script.getByText('Inactive')).toBeTruthy();
    expect(await menuItems('Annual Review Script')).toEqual(['Edit', 'Activate', 'Make Public', 'Delete']);
    expect(screen.getByText('2 resources · 1 active · 1 public')).toBeTruthy();
  });

  it('shows a Private badge instead of Copy Link for private resources', async () => {
    renderPage();
    const script = within(await rowOf('Annual Review Script'));
    expect(script.getByText('Private')).toBeTruthy();
    expect(script.queryByRole('button', { name: 'Copy Link' })).toBeNull();
    expect(within(await rowOf('Objection Handling Guide')).queryByText('Private')).toBeNull();
  });

  it.each([
    [1023, '1.0 KB'],
    [1024, '1.0 KB'],
    [1_048_575, '1024.0 KB'],
    [1_048_576, '1.0 MB'],
    [5_767_168, '5.5 MB'],
  ])('shows %i bytes as %s', async (bytes, shown) => {
    renderPage([resource({ id: 'r', title: 'Sized', fileSize: bytes })]);
    const cells = within(await rowOf('Sized')).getAllByRole('cell');
    expect(cells[3].textContent).toBe(shown);
  });

  it.each([
    ['pdf', 'PDF file', 'PictureAsPdfIcon'],
    ['docx', 'Word document', 'DescriptionIcon'],
    ['png', 'Image', 'ImageIcon'],
    ['jpg', 'Image', 'ImageIcon'],
    ['mp4', 'Video', 'VideoFileIcon'],
    ['webm', 'Video', 'VideoFileIcon'],
    ['xlsx', 'Excel spreadsheet', 'TableChartIcon'],
    ['zip', 'File', 'InsertDriveFileIcon'],
  ])('shows a %s file with the %s icon', async (fileType, label, icon) => {
    renderPage([resource({ id: 'r', title: 'Typed', fileType })]);
    const row = within(await rowOf('Typed'));
    const image = row.getByRole('img', { name: `${label} (${fileType.toUpperCase()})` });
    expect(within(image).getByTestId(icon)).toBeTruthy();
  });

  it("says 'No resources uploaded yet' when the library is empty", async () => {
    renderPage([]);
    expect(await screen.findByText('No resources uploaded yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a load failure inline and as a toast, and can try again', async () => {
    const getList = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('500: oops', 500, {}))
      .mockResolvedValueOnce({ data: [GUIDE], total: 1 });
    renderPage([], { getList });
    await waitFor(() => expect(screen.getAllByText('Failed to fetch resources')).toHaveLength(2));
    expect(screen.queryByText('No resources uploaded yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Objection Handling Guide')).toBeTruthy();
  });
});

describe('searching, sorting and paging', () => {
  it('searches titles and descriptions once typing pauses, inactive resources still included', async () => {
    const { getList } = renderPage();
    await rowOf('Objection Handling Guide');
    const search = screen.getByRole('searchbox', { name: 'Search resources' });
    fireEvent.change(search, { target: { value: 'o' } });
    fireEvent.change(search, { target: { value: 'objec' } });
    fireEvent.change(search, { target: { value: 'objection' } });
    expect(getList).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(lastParams(getList).filter).toEqual({ q: 'objection', includeInactive: true }));
    expect(getList).toHaveBeenCalledTimes(2);
    // A new search starts at the first page.
    expect(lastParams(getList).pagination).toEqual({ page: 1, perPage: 25 });
  });

  it('says when a search finds nothing, and clears it', async () => {
    const getList = vi.fn((_resource: string, params: { filter: { q?: string } }) =>
      Promise.resolve(params.filter.q ? { data: [], total: 0 } : { data: [GUIDE, SCRIPT], total: 2 }),
    );
    renderPage(undefined, { getList } as unknown as Methods);
    await rowOf('Objection Handling Guide');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search resources' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No resources found')).toBeTruthy();
    expect(screen.getByText('No resource has these words in its title or description. Try other words, or clear the search.')).toBeTruthy();
    // Not the empty library's words: there are resources, just none with these words.
    expect(screen.queryByText('No resources uploaded yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(await screen.findByText('Objection Handling Guide')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search resources' }) as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText('No resources found')).toBeNull();
  });

  it('sorts by title, category, size, downloads and upload date; not by the other columns', async () => {
    const { getList } = renderPage();
    const table = await screen.findByRole('table', { name: 'Resources' });
    await rowOf('Objection Handling Guide');
    const header = (name: string) =>
      within(table)
        .getAllByRole('columnheader')
        .find((cell) => cell.textContent === name)!;
    for (const name of ['Type', 'Status', 'Public Link', 'Actions']) expect(within(header(name)).queryByRole('button')).toBeNull();
    for (const [name, field] of [
      ['Title', 'title'],
      ['Category', 'category'],
      ['Size', 'fileSize'],
      ['Downloads', 'downloadCount'],
    ]) {
      fireEvent.click(within(header(name)).getByRole('button'));
      await waitFor(() => expect(lastParams(getList).sort).toEqual({ field, order: 'ASC' }));
    }
    fireEvent.click(within(header('Uploaded')).getByRole('button'));
    await waitFor(() => expect(lastParams(getList).sort).toEqual({ field: 'createdAt', order: 'ASC' }));
  });

  it('pages a long library; the counts line shows only when the whole list is on the page', async () => {
    const getList = vi.fn().mockResolvedValue({ data: [GUIDE, SCRIPT], total: 60 });
    renderPage(undefined, { getList } as unknown as Methods);
    await rowOf('Objection Handling Guide');
    expect(screen.queryByText(/resources ·/)).toBeNull();
    expect(screen.getByText('1-25 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(getList).pagination).toEqual({ page: 2, perPage: 25 }));
  });

  it('shows each resource as a card on a narrow screen, with its details and actions', async () => {
    narrowScreen();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Resources' });
    const [guide, script] = within(list).getAllByTestId('resource-card');
    expect(screen.queryByRole('table')).toBeNull();
    expect(guide.getAttribute('data-resource-id')).toBe('r1');
    expect(within(guide).getByText('Objection Handling Guide')).toBeTruthy();
    expect(within(guide).getByText('Training Materials')).toBeTruthy();
    expect(within(guide).getByText('3.0 KB')).toBeTruthy();
    expect(within(guide).getByText('1,234')).toBeTruthy();
    expect(within(guide).getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(within(script).getByText('Inactive')).toBeTruthy();
    expect(within(script).getByText('Private')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search resources' })).toBeTruthy();
    expect(await menuItems('Annual Review Script')).toEqual(['Edit', 'Activate', 'Make Public', 'Delete']);
  });
});

describe('copying the public link', () => {
  it("copies origin + /api/public/resources/{id}/download, shows 'Copied' for 2 s and the 'Copied!' toast", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    mockClipboard(writeText);
    renderPage();
    const row = within(await rowOf('Objection Handling Guide'));

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(row.getByRole('button', { name: 'Copy Link' }));
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/public/resources/r1/download`);
    expect(row.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText('Copied!')).toBeTruthy();
    expect(screen.getByText('The public download link is on your clipboard.')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(row.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(row.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Copied' })).toBeNull();
  });

  it("says 'Failed to copy link' when the clipboard refuses", async () => {
    mockClipboard(vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')));
    renderPage();
    fireEvent.click(within(await rowOf('Objection Handling Guide')).getByRole('button', { name: 'Copy Link' }));
    expect(await toastTitled('Failed to copy link')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
  });
});

describe('uploading a resource', () => {
  const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'soa-form.pdf', { type: 'application/pdf' });

  function openUpload() {
    fireEvent.click(screen.getByRole('button', { name: 'Upload Resource' }));
    return within(screen.getByRole('dialog', { name: 'Upload Resource' }));
  }

  it('asks for a file and a title before sending anything', async () => {
    const uploadResource = vi.fn();
    renderPage([GUIDE], { uploadResource });
    await rowOf('Objection Handling Guide');
    const dialog = openUpload();
    expect(dialog.getByText('No file chosen')).toBeTruthy();
    expect(dialog.getByRole('combobox', { name: 'Category' }).textContent).toBe('General');

    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByText('Please select a file and enter a title')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('File'), { target: { files: [pdf()] } });
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByText('Please select a file and enter a title')).toBeTruthy();

    // A blank title is no title.
    fireEvent.change(dialog.getByRole('textbox', { name: 'Title' }), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByText('Please select a file and enter a title')).toBeTruthy();
    expect(uploadResource).not.toHaveBeenCalled();

    // Once both are given, the message goes away.
    fireEvent.change(dialog.getByRole('textbox', { name: 'Title' }), { target: { value: 'Flyer' } });
    expect(dialog.queryByText('Please select a file and enter a title')).toBeNull();
  });

  it('sends the file, title, description and category, shows the progress, then the new list', async () => {
    let finish: (value: Resource) => void = () => undefined;
    const uploadResource = vi.fn(
      (_input: unknown, onProgress: (percent: number) => void) =>
        new Promise<Resource>((resolve) => {
          onProgress(40);
          finish = resolve;
        }),
    );
    const { getList } = renderPage([GUIDE], { uploadResource });
    await rowOf('Objection Handling Guide');
    const dialog = openUpload();
    const file = pdf();
    fireEvent.change(dialog.getByLabelText('File'), { target: { files: [file] } });
    expect(dialog.getByText('soa-form.pdf (0.0 KB)')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Title' }), { target: { value: '  Scope of Appointment Form ' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Description' }), { target: { value: 'Before every appointment' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Category' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['General', 'Training Materials', 'Sales Scripts', 'Templates', 'Compliance', 'Marketing']);
    fireEvent.click(screen.getByRole('option', { name: 'Compliance' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));

    await waitFor(() =>
      expect(uploadResource).toHaveBeenCalledWith(
        { file, title: 'Scope of Appointment Form', description: 'Before every appointment', category: 'compliance' },
        expect.any(Function),
      ),
    );
    const bar = await dialog.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(dialog.getByText('Uploading… 40%')).toBeTruthy();

    await act(async () => finish(resource({ id: 'r9', title: 'Scope of Appointment Form' })));
    expect(await toastTitled('Resource uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Resource' })).toBeNull());
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('leaves out an empty description and sends the default category', async () => {
    const uploadResource = vi.fn().mockResolvedValue(resource({ id: 'r9', title: 'Flyer' }));
    renderPage([GUIDE], { uploadResource });
    await rowOf('Objection Handling Guide');
    const dialog = openUpload();
    const file = pdf();
    fireEvent.change(dialog.getByLabelText('File'), { target: { files: [file] } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Title' }), { target: { value: 'Flyer' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(uploadResource).toHaveBeenCalledWith(
        { file, title: 'Flyer', description: undefined, category: 'general' },
        expect.any(Function),
      ),
    );
    expect(await toastTitled('Resource uploaded successfully')).toBeTruthy();
  });

  it.each([
    [
      'the server message',
      new ApiError(400, '400: {...}', { statusCode: 400, message: 'This file type is not accepted' }),
      'This file type is not accepted',
    ],
    ['the fallback', new ApiError(502, '502: Bad Gateway', 'Bad Gateway'), 'Failed to upload resource'],
  ])('shows %s when the upload fails, and keeps the dialog open', async (_, error, shown) => {
    const uploadResource = vi.fn().mockRejectedValue(error);
    const { getList } = renderPage([GUIDE], { uploadResource });
    await rowOf('Objection Handling Guide');
    const dialog = openUpload();
    fireEvent.change(dialog.getByLabelText('File'), { target: { files: [pdf()] } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Title' }), { target: { value: 'Flyer' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    // Titled with the page's text for the failure, with the server's reason underneath.
    const toast = await toastTitled('Failed to upload resource');
    expect(within(toast).getAllByText(shown).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Upload Resource' })).toBeTruthy();
    expect(getList).toHaveBeenCalledTimes(1);
  });
});

describe('editing a resource', () => {
  async function openEdit() {
    await chooseAction('Objection Handling Guide', 'Edit');
    return within(await screen.findByRole('dialog', { name: 'Edit Resource' }));
  }

  it('starts from the current values and sends title, description and category', async () => {
    const updateResource = vi.fn().mockResolvedValue({ ...GUIDE, title: 'Objection Handling Guide 2027' });
    const { getList } = renderPage([GUIDE], { updateResource });
    const dialog = await openEdit();
    const title = dialog.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.value).toBe('Objection Handling Guide');
    expect((dialog.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Answers to common AEP objections');
    expect(dialog.getByRole('combobox', { name: 'Category' }).textContent).toBe('Training Materials');

    fireEvent.change(title, { target: { value: '' } });
    expect((dialog.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Objection Handling Guide 2027' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(updateResource).toHaveBeenCalledWith('r1', {
        title: 'Objection Handling Guide 2027',
        description: 'Answers to common AEP objections',
        category: 'training',
      }),
    );
    expect(await toastTitled('Resource updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Resource' })).toBeNull());
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['the server message', new HttpError('400: ...', 400, { statusCode: 400, message: 'title is required' }), 'title is required'],
    ['the fallback', new HttpError('500: Internal', 500, {}), 'Failed to update resource'],
  ])('shows %s when saving fails', async (_, error, shown) => {
    const updateResource = vi.fn().mockRejectedValue(error);
    renderPage([GUIDE], { updateResource });
    const dialog = await openEdit();
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(within(await toastTitled('Failed to update resource')).getAllByText(shown).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Edit Resource' })).toBeTruthy();
  });
});

describe('activating and deactivating', () => {
  it.each([
    ['Deactivate', 'Objection Handling Guide', 'r1', false],
    ['Activate', 'Annual Review Script', 'r2', true],
  ] as const)('%s sends the new state, says so and refetches', async (button, title, id, isActive) => {
    const toggleResourceActive = vi.fn().mockResolvedValue({ ...GUIDE, id, title, isActive });
    const { getList } = renderPage(undefined, { toggleResourceActive });
    await chooseAction(title, button);
    await waitFor(() => expect(toggleResourceActive).toHaveBeenCalledWith(id, isActive));
    expect(await toastTitled('Resource status updated')).toBeTruthy();
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it("says 'Failed to update status' when it fails", async () => {
    const toggleResourceActive = vi.fn().mockRejectedValue(new HttpError('500: Internal', 500, {}));
    const { getList } = renderPage(undefined, { toggleResourceActive });
    await chooseAction('Objection Handling Guide', 'Deactivate');
    expect(await toastTitled('Failed to update status')).toBeTruthy();
    expect(getList).toHaveBeenCalledTimes(1);
  });
});

describe('sharing', () => {
  it.each([
    ['Make Private', 'Objection Handling Guide', 'r1', false],
    ['Make Public', 'Annual Review Script', 'r2', true],
  ] as const)('%s sends the new state, says so and refetches', async (button, title, id, isPublic) => {
    const toggleResourcePublic = vi.fn().mockResolvedValue({ ...GUIDE, id, title, isPublic });
    const { getList } = renderPage(undefined, { toggleResourcePublic });
    await chooseAction(title, button);
    await waitFor(() => expect(toggleResourcePublic).toHaveBeenCalledWith(id, isPublic));
    expect(await toastTitled('Resource sharing updated')).toBeTruthy();
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it("says 'Failed to update sharing' when it fails", async () => {
    const toggleResourcePublic = vi.fn().mockRejectedValue(new HttpError('500: Internal', 500, {}));
    renderPage(undefined, { toggleResourcePublic });
    await chooseAction('Annual Review Script', 'Make Public');
    expect(await toastTitled('Failed to update sharing')).toBeTruthy();
  });
});

describe('deleting a resource', () => {
  async function openDelete() {
    await chooseAction('Annual Review Script', 'Delete');
    return within(await screen.findByRole('dialog', { name: 'Delete Resource' }));
  }

  it('asks first; Cancel deletes nothing', async () => {
    const deleteResource = vi.fn();
    renderPage(undefined, { deleteResource });
    const dialog = await openDelete();
    expect(dialog.getByText('Are you sure you want to delete this resource?')).toBeTruthy();
    expect(dialog.getByText('Annual Review Script')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Resource' })).toBeNull());
    expect(deleteResource).not.toHaveBeenCalled();
  });

  it('deletes on confirm, says so and refetches', async () => {
    const deleteResource = vi.fn().mockResolvedValue(undefined);
    const { getList } = renderPage(undefined, { deleteResource });
    const dialog = await openDelete();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteResource).toHaveBeenCalledWith('r2'));
    expect(await toastTitled('Resource deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Resource' })).toBeNull());
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['the server message', new HttpError('404: ...', 404, { statusCode: 404, message: 'Resource not found' }), 'Resource not found'],
    ['the fallback', new HttpError('500: Internal', 500, {}), 'Failed to delete resource'],
  ])('shows %s when deleting fails', async (_, error, shown) => {
    const deleteResource = vi.fn().mockRejectedValue(error);
    renderPage(undefined, { deleteResource });
    const dialog = await openDelete();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(within(await toastTitled('Failed to delete resource')).getAllByText(shown).length).toBeGreaterThan(0);
  });
});
