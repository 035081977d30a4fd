import type { ListQuery } from '../common/list-query.js';
import { auditFilter } from './audit.service.js';

const query = (filter: Record<string, unknown>): ListQuery => ({ filter });
const ID = '5b0c7e2d-9f41-4a63-b8d2-7e1f0a3c6d94';

describe('the audit log filter', () => {
  it.each([
    ['America/New_York', '2026-03-08', '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['America/New_York', '2026-01-14', '2026-01-15', '2026-01-14T05:00:00.000Z', '2026-01-16T05:00:00.000Z'],
    ['Europe/Madrid', '2026-01-15', '2026-01-15', '2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z'],
    ['UTC', '2024-02-29', '2024-02-29', '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
  ])('in %s, %s to %s is [%s, %s)', (zone, from, to, start, until) => {
    const filter = auditFilter(query({ from, to }), zone);
    expect(filter.from?.toISOString()).toBe(start);
    expect(filter.until?.toISOString()).toBe(until);
  });

  it('leaves out what is not asked, and passes the rest through', () => {
    expect(auditFilter(query({}), 'UTC')).toEqual({
      ids: undefined,
      adminId: undefined,
      brokerId: undefined,
      action: undefined,
      from: undefined,
      until: undefined,
      search: undefined,
    });
    expect(auditFilter(query({ adminId: ID, brokerId: ID, action: ' trial_extended ', q: 'zapier', from: '' }), 'UTC')).toMatchObject({
      adminId: ID,
      brokerId: ID,
      action: 'trial_extended',
      search: 'zapier',
      from: undefined,
    });
    expect(auditFilter(query({ id: [ID] }), 'UTC').ids).toEqual([ID]);
  });

  it.each([
    [{ from: 'yesterday' }, 'filter from must be a date such as 2026-11-30'],
    [{ to: '2026-02-30' }, 'filter to must be a date such as 2026-11-30'],
    [{ to: '2026-1-5' }, 'filter to must be a date such as 2026-11-30'],
    [{ from: '1899-12-31' }, 'filter from must be in the years 1900 to 2100'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'filter from must not be after to'],
    [{ adminId: 'alex' }, 'filter adminId must be an id (a UUID)'],
    [{ brokerId: `${ID}x` }, 'filter brokerId must be an id (a UUID)'],
  ])('refuses %j: %s', (filter, message) => {
    expect(() => auditFilter(query(filter), 'UTC')).toThrow(message);
  });
});
