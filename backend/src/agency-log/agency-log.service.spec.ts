import type { ListQuery } from '../common/list-query.js';
import { agencyLogFilter } from './agency-log.service.js';

const query = (filter: Record<string, unknown>): ListQuery => ({ filter });
const ID = '3c9a1f2e-7b4d-4e8a-9f01-2d3c4b5a6e7f';

describe('the agency activity log’s filter', () => {
  it.each([
    ['America/Chicago', '2026-11-30', '2026-11-30', '2026-11-30T06:00:00.000Z', '2026-12-01T06:00:00.000Z'],
    ['America/New_York', '2026-03-08', '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['UTC', '2026-01-01', '2026-01-31', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
  ])('in %s, %s to %s is [%s, %s)', (zone, from, to, start, until) => {
    const filter = agencyLogFilter(query({ from, to }), zone);
    expect(filter.from?.toISOString()).toBe(start);
    expect(filter.until?.toISOString()).toBe(until);
  });

  it('reads the member, the action and the ids, and leaves out what is not asked', () => {
    expect(agencyLogFilter(query({ memberId: ID, action: ' client_updated ' }), 'UTC')).toMatchObject({
      memberId: ID,
      action: 'client_updated',
      from: undefined,
      until: undefined,
    });
    expect(agencyLogFilter(query({ action: '' }), 'UTC').action).toBeUndefined();
    expect(agencyLogFilter(query({ id: [ID] }), 'UTC').ids).toEqual([ID]);
  });

  it.each([
    [{ memberId: 'maria' }, 'filter memberId must be an id (a UUID)'],
    [{ action: 'client_frobbed' }, 'filter action must be one of the log’s actions'],
    [{ action: 'trial_extended' }, 'filter action must be one of the log’s actions'],
    [{ from: 'today' }, 'filter from must be a date such as 2026-11-30'],
    [{ to: '2101-01-01' }, 'filter to must be in the years 1900 to 2100'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'filter from must not be after to'],
  ])('refuses %j: %s', (filter, message) => {
    expect(() => agencyLogFilter(query(filter), 'UTC')).toThrow(message);
  });
});
