import { guessMapping, mappingProblem, nameKeys, parseAmountCents, parsePeriod, planKeyOf, readRow } from './statement-csv.js';

describe('parseAmountCents', () => {
  it.each([
    ['$1,234.56', 123_456],
    ['1234.5', 123_450],
    ['51', 5_100],
    ['-12.00', -1_200],
    ['(12.00)', -1_200],
    ['($12.00)', -1_200],
    ['12.00-', -1_200],
    ['-$5', -500],
    ['USD 7.25', 725],
    ['.5', 50],
    ['0.00', 0],
  ])('reads %s as %d cents', (text, cents) => expect(parseAmountCents(text)).toBe(cents));

  it.each(['', 'fifty', '1,23.00', '1.234', '$', '=1+1', '1e5', '2,000,000.00'])('refuses %j', (text) =>
    expect(parseAmountCents(text)).toBeUndefined(),
  );
});

describe('parsePeriod', () => {
  it.each([
    ['2026-01', '2026-01-01'],
    ['202602', '2026-02-01'],
    ['2026/03', '2026-03-01'],
    ['04/2026', '2026-04-01'],
    ['4/2026', '2026-04-01'],
    ['Jan 2026', '2026-01-01'],
    ['January-2026', '2026-01-01'],
    ['Sept. 2026', '2026-09-01'],
    ['2026-05-17', '2026-05-01'],
    ['05/17/2026', '2026-05-01'],
    ['5/17/26', '2026-05-01'],
  ])('reads %s as the month of %s', (text, month) => expect(parsePeriod(text)).toBe(month));

  it.each(['', '2026-13', '13/2026', 'Foo 2026', '02/30/2026', '1850-01'])('refuses %j', (text) =>
    expect(parsePeriod(text)).toBeUndefined(),
  );
});

describe('nameKeys', () => {
  it.each([
    ['DIAZ, ROSA M', { first: 'rosa', last: 'diaz' }],
    ['Díaz, Rosa', { first: 'rosa', last: 'diaz' }],
    ['Rosa M. Díaz', { first: 'rosa', last: 'diaz' }],
    ['John Smith Jr.', { first: 'john', last: 'smith' }],
    ["O'Brien, Mary-Kate", { first: 'marykate', last: 'obrien' }],
    ['Garcia Lopez, Ana', { first: 'ana', last: 'garcialopez' }],
    ['Cher', { first: null, last: 'cher' }],
    ['  ', { first: null, last: null }],
  ])('reads %s', (name, keys) => expect(nameKeys(name)).toEqual(keys));
});

describe('the plan and the mapping', () => {
  it('keeps a plan ID’s contract and package, whatever the form', () => {
    expect(['H1234-001-000', 'h1234001', 'H1234 001 002', 'nope'].map(planKeyOf)).toEqual(['H1234-001', 'H1234-001', 'H1234-001', null]);
  });

  it('guesses the fields from usual headers, each header once', () => {
    expect(guessMapping(['Member ID', 'Member Name', 'Plan ID', 'Commission Amount', 'Pay Period', 'Effective Date', 'Notes'])).toEqual({
      memberId: 'Member ID',
      memberName: 'Member Name',
      planId: 'Plan ID',
      amount: 'Commission Amount',
      period: 'Pay Period',
      effectiveDate: 'Effective Date',
    });
    expect(guessMapping(['a', 'b'])).toEqual({});
  });

  it('needs a member, an amount and a month, from columns the file has', () => {
    const headers = ['Name', 'Amount', 'Month'];
    expect(mappingProblem({ memberName: 'Name', amount: 'Amount', period: 'Month' }, headers)).toBeUndefined();
    expect(mappingProblem({ amount: 'Amount', period: 'Month' }, headers)?.field).toBe('memberId');
    expect(mappingProblem({ memberName: 'Name', period: 'Month' }, headers)?.field).toBe('amount');
    expect(mappingProblem({ memberName: 'Name', amount: 'Amount' }, headers)?.field).toBe('period');
    expect(mappingProblem({ memberName: 'Nom', amount: 'Amount', period: 'Month' }, headers)).toEqual({
      field: 'memberName',
      message: 'The file has no column “Nom”',
    });
  });

  it('reads a row through the mapping, and says what is wrong with one it cannot read', () => {
    const columns = { memberId: 0, memberName: 1, planId: 2, amount: 3, period: 4 };
    expect(readRow(['hum1', 'DIAZ, ROSA', 'H1234-001', '$51.00', '2026-02'], 2, columns)).toEqual({
      line: 2,
      memberId: 'HUM1',
      memberName: 'DIAZ, ROSA',
      planKey: 'H1234-001',
      firstKey: 'rosa',
      lastKey: 'diaz',
      period: '2026-02-01',
      effectiveDate: null,
      amountCents: 5_100,
      problem: null,
    });
    expect(readRow(['', 'Rosa Diaz', '', '', '2026-02'], 3, columns).problem).toBe('No amount');
    expect(readRow(['', 'Rosa Diaz', '', '1', 'soon'], 3, columns).problem).toBe('The month is not one such as 2026-01 or 01/2026');
    expect(readRow(['', '', '', '1', '2026-02'], 3, columns).problem).toBe('No member ID or name');
    expect(readRow(['x'.repeat(100), '', '', '1', '2026-02'], 3, columns).memberId).toHaveLength(40);
  });
});
