import { describe, expect, it } from 'vitest';

import { filteredExportUrl, isFiltered, presentFilter } from './listFilter.ts';

describe("a list's filter as the API takes it", () => {
  it('leaves out empty values, keeps false and 0', () => {
    expect(presentFilter({ q: '', action: undefined, memberId: null, from: '2026-11-01', isActive: false, n: 0 })).toEqual({
      from: '2026-11-01',
      isActive: false,
      n: 0,
    });
    expect(isFiltered({ q: '', action: undefined })).toBe(false);
    expect(isFiltered({ action: 'client_created' })).toBe(true);
  });

  it('adds the filter to an export’s address only when there is one', () => {
    expect(filteredExportUrl('/api/agency-log/export.csv', { action: '' })).toBe('/api/agency-log/export.csv');
    const url = new URL(filteredExportUrl('/api/agency-log/export.csv', { memberId: 'm2', to: '2026-11-30' }), 'http://app.test');
    expect(url.pathname).toBe('/api/agency-log/export.csv');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ memberId: 'm2', to: '2026-11-30' });
  });
});
