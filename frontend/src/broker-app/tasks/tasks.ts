import { addDays, format, isValid, startOfWeek } from 'date-fns';

import type { Task } from '../types.ts';

/** Every tasks query starts with this: a change invalidates them all (lists, the dashboard's counts, a client's). */
export const TASKS_KEY = ['tasks'] as const;
export const interactionsKey = (clientId: string) => ['clients', clientId, 'interactions'] as const;

/** A time as a datetime-local input shows it (the device's zone, which is the member's). */
export const toLocalInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");

/** What a datetime-local input holds, as an ISO time; undefined when it does not parse. */
export function fromLocalInput(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return undefined;
  const date = new Date(text);
  return isValid(date) ? date.toISOString() : undefined;
}

/** The Monday of the week the day is in, and its seven days. */
export function weekDays(day: Date): Date[] {
  const monday = startOfWeek(day, { weekStartsOn: 1 });
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** Whether an open task's time has passed. */
export const isOverdue = (task: Task, now: Date = new Date()) => !task.done && new Date(task.dueAt).getTime() < now.getTime();

/** The filter of each of the page's tabs (the server reads the days in the agency's zone). */
export const VIEW_FILTERS: Record<string, Record<string, unknown>> = {
  today: { view: 'today' },
  overdue: { view: 'overdue' },
  week: { view: 'week' },
  all: { done: false },
};
