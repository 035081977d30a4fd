import { formatDateTime } from '../ui/format.ts';

/** The joined date; nothing for an unreadable value. */
export function formatDate(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDateTime(iso);
}

/** '+16155550142' → '(615) 555-0142'; other numbers as stored. */
export function formatPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The engagement bar's colour: green when engaged, amber in between, red when at risk. */
export function engagementColor(score: number): 'success' | 'warning' | 'error' {
  if (score >= 70) return 'success';
  if (score >= 40) return 'warning';
  return 'error';
}
