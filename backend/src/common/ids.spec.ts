import { isUuid, timeOrderedUuid } from './ids.js';

describe('timeOrderedUuid', () => {
  it('makes version 7 uuids that carry the millisecond they were made', () => {
    const at = Date.UTC(2026, 10, 26, 23, 59, 30, 123);
    const id = timeOrderedUuid(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts ids made in later milliseconds after earlier ones (PostgreSQL compares uuids byte by byte, as this compares their text)', () => {
    const ids = Array.from({ length: 50 }, (_, i) => timeOrderedUuid(1_790_000_000_000 + i * 7));
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats an id, within one millisecond and across refills of its random pool', () => {
    const ids = new Set(Array.from({ length: 5_000 }, () => timeOrderedUuid(1_790_000_000_000)));
    expect(ids.size).toBe(5_000);
  });
});
