import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithAdmin } from '../testUtils.tsx';
import type { Resource } from '../types.ts';
import { fileKind, formatFileSize, groupByCategory } from './format.ts';
import { ResourceList } from './ResourceList.tsx';

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

const LIBRARY: Resource[] = [
  resource({ id: 'r1', title: 'Objection Handling', category: 'training', description: 'Answers to common AEP objections' }),
  resource({ id: 'r2', title: 'AEP Kickoff Webinar', category: 'training', fileType: 'mp4', fileSize: 52_428_800 }),
  resource({ id: 'r3', title: 'Scope of Appointment Form', category: 'compliance', fileType: 'docx', fileSize: 1536 }),
  resource({ id: 'r4', title: 'Annual Review Call Script', category: 'scripts', description: 'Opening lines for review calls' }),
];

function renderList(getList = vi.fn().mockResolvedValue({ data: LIBRARY, total: LIBRARY.length })) {
  return { getList, ...renderWithAdmin(<ResourceList />, { dataProvider: { getList }, path: '/resources' }) };
}

function headings() {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
}

async function chooseCategory(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('file sizes', () => {
  it.each([
    [0, '0.0 KB'],
    [1023, '1.0 KB'],
    [1536, '1.5 KB'],
    [1_048_575, '1024.0 KB'],
    [1_048_576, '1.0 MB'],
    [5_767_168, '5.5 MB'],
  ])('%i bytes shows as %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe('grouping', () => {
  it('groups in the categories order, titles A-Z, without empty groups', () => {
    const groups = groupByCategory(LIBRARY);
    expect(groups.map((g) => g.category)).toEqual(['training', 'scripts', 'compliance']);
    expect(groups[0].resources.map((r) => r.title)).toEqual(['AEP Kickoff Webinar', 'Objection Handling']);
  });

  it('knows the file kinds the server accepts', () => {
    expect(['pdf', 'docx', 'xlsx', 'pptx', 'png', 'mp4', 'zip'].map(fileKind)).toEqual([
      'pdf',
      'document',
      'spreadsheet',
      'presentation',
      'image',
      'video',
      'other',
    ]);
  });
});

describe('the resources page', () => {
  it('loads all active resources once and shows them grouped by category with counts', async () => {
    const { getList } = renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Training Materials (2)' })).toBeTruthy();
    expect(headings()).toEqual(['Training Materials (2)', 'Sales Scripts (1)', 'Compliance (1)']);
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList.mock.calls[0][0]).toBe('resources');
    expect(getList.mock.calls[0][1]).toMatchObject({ pagination: { page: 1, perPage: 1000 } });

    const training = screen.getByRole('region', { name: 'Training Materials (2)' });
    const cards = within(training).getAllByTestId('resource-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'AEP Kickoff Webinar',
      'Objection Handling',
    ]);
    expect(within(cards[0]).getByText('50.0 MB')).toBeTruthy();
    expect(within(cards[1]).getByText('Answers to common AEP objections')).toBeTruthy();
    expect(within(cards[1]).getByText('2.0 KB')).toBeTruthy();
    expect(within(cards[1]).getByText('Uploaded Nov 02, 2026')).toBeTruthy();
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(4);
  });

  it('searches title and description as the broker types', async () => {
    renderList();
    await screen.findByRole('heading', { level: 2, name: 'Training Materials (2)' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search resources' }), { target: { value: 'review calls' } });
    expect(headings()).toEqual(['Sales Scripts (1)']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search resources' }), { target: { value: 'objection' } });
    expect(headings()).toEqual(['Training Materials (1)']);
  });

  it('filters by category', async () => {
    renderList();
    await screen.findByRole('heading', { level: 2, name: 'Training Materials (2)' });
    await chooseCategory('Compliance');
    expect(headings()).toEqual(['Compliance (1)']);
    expect(screen.getByText('Scope of Appointment Form')).toBeTruthy();
    await chooseCategory('All');
    expect(headings()).toHaveLength(3);
  });

  it('says to adjust the filters when nothing matches them, and can clear them', async () => {
    renderList();
    await screen.findByRole('heading', { level: 2, name: 'Training Materials (2)' });
    await chooseCategory('Marketing');
    expect(screen.getByText('No resources found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters')).toBeTruthy();
    expect(screen.queryByText('No resources have been uploaded yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(headings()).toHaveLength(3);
  });

  it('says nothing has been uploaded when the library is empty', async () => {
    renderList(vi.fn().mockResolvedValue({ data: [], total: 0 }));
    expect(await screen.findByText('No resources found')).toBeTruthy();
    expect(screen.getByText('No resources have been uploaded yet')).toBeTruthy();
    expect(screen.queryByText('Try adjusting your filters')).toBeNull();
    // Still the "nothing uploaded" hint while a filter is set: adjusting it would not help.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search resources' }), { target: { value: 'x' } });
    expect(screen.getByText('No resources have been uploaded yet')).toBeTruthy();
  });

  it('shows the fetch error inline and as a toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderList(vi.fn().mockRejectedValue(new HttpError('500: oops', 500, {})));
    await waitFor(() => expect(screen.getAllByText('Failed to fetch resources')).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('No resources found')).toBeNull();
  });

  it('opens the download in a new tab and says the download started', async () => {
    const tab = { opener: {} } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    renderList();
    await screen.findByRole('heading', { level: 2, name: 'Compliance (1)' });
    const compliance = screen.getByRole('region', { name: 'Compliance (1)' });
    fireEvent.click(within(compliance).getByRole('button', { name: 'Download' }));
    expect(open).toHaveBeenCalledWith('/api/resources/r3/download', '_blank');
    expect(tab.opener).toBeNull();
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Download Started')).toBeTruthy();
    expect(within(toast).getByText('"Scope of Appointment Form" is downloading in a new tab.')).toBeTruthy();
  });

  it('says the download failed when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderList();
    await screen.findByRole('heading', { level: 2, name: 'Compliance (1)' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Download' })[0]);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to download resource')).toBeTruthy();
  });
});
