import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

import { calendarDateProblem, IsCalendarDate, IsTimestamp, timestampProblem } from './dates.js';

describe('timestampProblem', () => {
  it.each([
    '2030-01-31T15:00:00Z',
    '2030-01-31T15:00:00.123Z',
    '2030-01-31T15:00Z',
    '2030-01-31T10:00:00-05:00',
    '2030-01-31T10:00:00+0530',
    '2030-01-31 15:00:00',
    '2100-12-31T23:59:59Z',
    '1900-01-01T00:00:00Z',
    '2028-02-29T12:00:00Z',
  ])('accepts %s', (value) => {
    expect(timestampProblem(value)).toBeUndefined();
  });

  it.each([
    ['2030-02-30T10:00:00Z', 'format'],
    ['2029-02-29T10:00:00Z', 'format'],
    ['2030-13-01T10:00:00Z', 'format'],
    ['2030-01-31T24:00:00Z', 'format'],
    ['2030-01-31T23:60:00Z', 'format'],
    ['2030-01-31T23:59:60Z', 'format'],
    ['2030-01-31', 'format'],
    ['+275760-09-13T00:00:00Z', 'format'],
    ['tomorrow', 'format'],
    ['', 'format'],
    [1893456000000, 'format'],
    [null, 'format'],
    ['9999-12-31T00:00:00Z', 'range'],
    ['2101-01-01T00:00:00Z', 'range'],
    ['1899-12-31T23:59:59Z', 'range'],
    ['0000-01-01T00:00:00Z', 'range'],
  ])('refuses %j (%s)', (value, problem) => {
    expect(timestampProblem(value)).toBe(problem);
  });
});

describe('calendarDateProblem', () => {
  it.each(['2030-01-31', '2028-02-29', '2100-12-31'])('accepts %s', (value) => {
    expect(calendarDateProblem(value)).toBeUndefined();
  });

  it.each([
    ['2030-02-30', 'format'],
    ['2030-00-10', 'format'],
    ['2030-1-5', 'format'],
    ['2030-01-31T00:00:00Z', 'format'],
    ['9999-01-01', 'range'],
  ])('refuses %j (%s)', (value, problem) => {
    expect(calendarDateProblem(value)).toBe(problem);
  });
});

class Sample {
  @IsTimestamp({ message: 'Invalid date or time' }) at!: unknown;
  @IsCalendarDate() day!: unknown;
}

function messages(plain: Record<string, unknown>): string[] {
  return validateSync(plainToInstance(Sample, plain)).flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('IsTimestamp and IsCalendarDate', () => {
  it('answer the given message for text that is not a date, and name the years for one out of range', () => {
    expect(messages({ at: '2030-01-31T15:00:00Z', day: '2030-01-31' })).toEqual([]);
    expect(messages({ at: '2030-02-30T10:00:00Z', day: '2030-02-30' })).toEqual([
      'Invalid date or time',
      'day must be a date such as 2030-01-31',
    ]);
    expect(messages({ at: '3000-01-01T00:00:00Z', day: '3000-01-01' })).toEqual([
      'at must be in the years 1900 to 2100',
      'day must be in the years 1900 to 2100',
    ]);
  });
});
