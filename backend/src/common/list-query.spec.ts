import { BadRequestException } from '@nestjs/common';

import { ListResult, parseListQuery } from './list-query.js';

const rules = { sortable: ['id', 'lastName', 'createdAt'], filterable: ['q', 'isActive'], booleanFilters: ['isActive'], maxPageSize: 100 };

function badRequest(params: Record<string, unknown>): string {
  try {
    parseListQuery(params, rules);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a 400');
}

describe('parseListQuery', () => {
  it('returns an empty query when nothing is sent (plain array mode)', () => {
    expect(parseListQuery({}, rules)).toEqual({ range: undefined, sort: undefined, filter: {} });
  });

  it('parses what react-admin sends', () => {
    expect(parseListQuery({ range: '[0,24]', sort: '["lastName","DESC"]', filter: '{"q":"smith","isActive":true}' }, rules)).toEqual({
      range: { start: 0, end: 24 },
      sort: { field: 'lastName', order: 'DESC' },
      filter: { q: 'smith', isActive: true },
    });
  });

  it('accepts a lower-case sort order', () => {
    expect(parseListQuery({ sort: '["id","asc"]' }, rules).sort).toEqual({ field: 'id', order: 'ASC' });
  });

  it.each([
    [{ range: '[0,' }, 'range is not valid JSON'],
    [{ range: '{"start":0}' }, 'range must be [start, end]'],
    [{ range: '[5,2]' }, 'range must be [start, end]'],
    [{ range: '[-1,10]' }, 'range must be [start, end]'],
    [{ range: '[0.5,10]' }, 'range must be [start, end]'],
    [{ range: '["0","9"]' }, 'range must be [start, end]'],
    [{ range: '[0,1000]' }, 'more than 100 rows'],
    [{ range: ['[0,1]', '[0,2]'] }, 'range must be given once'],
    [{ sort: 'lastName' }, 'sort is not valid JSON'],
    [{ sort: '["lastName"]' }, 'sort must be [field'],
    [{ sort: '["lastName","UP"]' }, 'sort order must be "ASC" or "DESC"'],
    [{ sort: '["password","ASC"]' }, 'sort field "password" is not one of: id, lastName, createdAt'],
    [{ filter: '[1,2]' }, 'filter must be a JSON object'],
    [{ filter: 'null' }, 'filter must be a JSON object'],
    [{ filter: '{"brokerId":"x"}' }, 'filter has unknown field(s): brokerId'],
    [{ filter: '{bad json}' }, 'filter is not valid JSON'],
    [{ filter: '{"q":123}' }, 'filter q must be text'],
    [{ filter: '{"q":{"$ne":""}}' }, 'filter q must be text'],
    [{ filter: '{"q":null}' }, 'filter q must be text'],
    [{ filter: '{"isActive":"yes"}' }, 'filter isActive must be true or false'],
    [{ filter: '{"q":"a\\u0000b"}' }, 'filter.q contains a NUL character'],
    [{ sort: '["\\ud800","ASC"]' }, 'sort[0] contains invalid text'],
  ])('rejects %j with "%s"', (params, message) => {
    expect(badRequest(params)).toContain(message);
  });

  it('rejects JSON nested thousands of levels deep', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(badRequest({ filter: `{"q":${deep}}` })).toContain('filter.q is nested too deeply');
    expect(badRequest({ range: deep })).toContain('range[0] is nested too deeply');
  });
});

describe('ListResult', () => {
  it('describes the page in Content-Range', () => {
    expect(new ListResult('clients', ['a', 'b', 'c'], 42, { start: 10, end: 12 }).contentRange()).toBe('clients 10-12/42');
    expect(new ListResult('clients', ['a'], 1).contentRange()).toBe('clients 0-0/1');
    expect(new ListResult('clients', [], 0, { start: 0, end: 24 }).contentRange()).toBe('clients */0');
  });

  it('maps items and keeps the page', () => {
    const mapped = new ListResult('n', [1, 2], 9, { start: 3, end: 4 }).map((n) => n * 10);
    expect(mapped.items).toEqual([10, 20]);
    expect(mapped.contentRange()).toBe('n 3-4/9');
  });
});
