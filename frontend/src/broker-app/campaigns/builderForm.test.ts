import { describe, expect, it } from 'vitest';

import { emptyBuilder, triggerWords, validateBuilder, validateSchedule } from './builderForm.ts';
import type { CampaignTrigger } from './lifecycleTypes.ts';

const NOW = new Date(2030, 8, 1, 9, 30);

describe('a schedule’s checks', () => {
  it.each([
    ['2030-09-02', '10:00', {}],
    ['2030-09-01', '09:45', {}],
    ['2030-09-01', '09:30', { date: 'This time has already passed' }],
    ['2030-08-31', '10:00', { date: 'This time has already passed' }],
    ['2031-09-01', '10:00', {}],
    ['2031-09-02', '10:00', { date: 'Choose a date at most a year ahead' }],
    ['2030-09-02', '08:00', {}],
    ['2030-09-02', '20:59', {}],
    ['2030-09-02', '07:59', { time: 'Choose a time between 8:00 AM and 8:59 PM' }],
    ['2030-09-02', '21:00', { time: 'Choose a time between 8:00 AM and 8:59 PM' }],
    ['', '', { date: 'Date is required', time: 'Time is required' }],
  ])('%s at %s', (date, time, errors) => {
    expect(validateSchedule({ date, time }, undefined, NOW)).toEqual(errors);
  });
});

describe('a sequence’s checks', () => {
  const sequence = { ...emptyBuilder(NOW), name: 'Welcome', subject: 'Hi', message: 'Hello', when: 'sequence' as const };

  it.each([-1, 366, 2.5, null])('refuses %s days before', (daysBefore) => {
    const { errors } = validateBuilder({ ...sequence, triggerKind: 'birthday', daysBefore }, undefined, undefined, NOW);
    expect(errors.daysBefore).toBe('Enter a whole number of days from 0 (on the day) to 365');
  });

  it('takes 0 days before: on the day itself', () => {
    const { errors, result } = validateBuilder({ ...sequence, triggerKind: 'birthday', daysBefore: 0 }, undefined, undefined, NOW);
    expect(errors.daysBefore).toBeUndefined();
    expect(result?.campaign.trigger).toEqual({ kind: 'birthday', daysBefore: 0 });
  });

  it('sends the trigger the kind needs, and no subject on a text’s follow-ups', () => {
    const { result } = validateBuilder(
      {
        ...sequence,
        type: 'sms',
        triggerKind: 'medicare_date',
        medicareDate: 'oep_start',
        daysBefore: null,
        followUps: [{ delayDays: 365, subject: 'left over', message: ' Still there? ', skipIfEngaged: true }],
      },
      undefined,
      undefined,
      NOW,
    );
    expect(result?.campaign.trigger).toEqual({ kind: 'medicare_date', date: 'oep_start' });
    expect(result?.campaign.followUps).toEqual([{ delayDays: 365, subject: null, message: 'Still there?', skipIfEngaged: true }]);
    expect(result?.schedule).toBeUndefined();
  });
});

describe('merge fields', () => {
  const draft = { ...emptyBuilder(NOW), name: 'Review', type: 'email' as const, subject: 'Hi {firstName}', message: 'Call {agencyPhone}' };

  it('takes the four fields the server fills in', () => {
    const { errors, result } = validateBuilder(draft, undefined, undefined, NOW);
    expect(errors).toEqual({});
    expect(result?.campaign).toMatchObject({ subject: 'Hi {firstName}', message: 'Call {agencyPhone}' });
  });

  it('says which braces would reach a client as they are, in the subject, the message and a follow-up', () => {
    const unknown = (fields: string) =>
      `${fields} is not filled in for clients. Use {firstName}, {lastName}, {agencyName} or {agencyPhone}, or take the braces out.`;
    expect(
      validateBuilder({ ...draft, subject: 'Your {planName}', message: 'Hi {first_name} {FirstName}' }, undefined, undefined, NOW).errors,
    ).toEqual({
      subject: unknown('{planName}'),
      message: unknown('{FirstName}'),
    });
    const { errors } = validateBuilder(
      {
        ...draft,
        when: 'sequence',
        triggerKind: 'joined',
        followUps: [{ delayDays: 7, subject: 'Still {firstName}', message: 'About {plan}', skipIfEngaged: true }],
      },
      undefined,
      undefined,
      NOW,
    );
    expect(errors.followUps?.[0]?.message).toBe(unknown('{plan}'));
  });
});

describe('a trigger in words', () => {
  it.each<[CampaignTrigger, string]>([
    [{ kind: 'joined' }, 'When a client joins the audience'],
    [{ kind: 'turning_65', daysBefore: 30 }, '30 days before turning 65'],
    [{ kind: 'birthday', daysBefore: 1 }, '1 day before their birthday'],
    [{ kind: 'birthday', daysBefore: 0 }, 'On their birthday'],
    [{ kind: 'plan_anniversary', daysBefore: 60 }, '60 days before the plan anniversary'],
    [{ kind: 'birthday_rule', daysBefore: 14 }, '14 days before the birthday-rule window (Medigap, birthday-rule states)'],
    [{ kind: 'medicare_date', date: 'aep_start' }, 'Every year on Oct 15 (AEP starts)'],
    [{ kind: 'medicare_date', date: 'anoc_review' }, 'Every year on Sep 30 (ANOC review)'],
    [{ kind: 'medicare_date', date: 'aep_last_week' }, 'Every year on Dec 1 (Last week of AEP)'],
  ])('%j', (trigger, words) => {
    expect(triggerWords(trigger)).toBe(words);
  });
});
