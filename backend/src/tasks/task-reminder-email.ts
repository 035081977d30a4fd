import type { Language } from '../common/language.js';

/** What a member's morning e-mail of tasks lists: titles, clients' names and times, never health data. */
export interface TaskReminderContent {
  language: Language;
  firstName: string | null;
  /** Their day (YYYY-MM-DD) in the agency's zone. */
  day: string;
  timeZone: string;
  appUrl: string;
  tasks: { title: string; dueAt: Date; clientName: string | null; overdue: boolean }[];
}

const WORDS = {
  en: {
    locale: 'en-US',
    subject: (count: number) => `Your tasks for today: ${count} ${count === 1 ? 'task' : 'tasks'}`,
    greeting: (name: string | null) => (name ? `Good morning, ${name}.` : 'Good morning.'),
    intro: 'These tasks of yours are due today or overdue.',
    overdue: 'Overdue',
    today: 'Today',
    open: 'Open your tasks',
    footer: 'You get this e-mail on mornings when you have tasks due. The agency’s owner can turn e-mails off in Settings.',
  },
  es: {
    locale: 'es-US',
    subject: (count: number) => `Sus tareas de hoy: ${count} ${count === 1 ? 'tarea' : 'tareas'}`,
    greeting: (name: string | null) => (name ? `Buenos días, ${name}.` : 'Buenos días.'),
    intro: 'Estas tareas suyas vencen hoy o ya están vencidas.',
    overdue: 'Vencidas',
    today: 'Hoy',
    open: 'Abrir sus tareas',
    footer:
      'Recibe este correo las mañanas en que tiene tareas pendientes. El propietario de la agencia puede desactivar los correos en Configuración.',
  },
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The e-mail in the member's language: overdue tasks, then today's, each with its time and client. */
export function composeTaskReminder(content: TaskReminderContent): { subject: string; text: string; html: string } {
  const words = WORDS[content.language] ?? WORDS.en;
  const time = new Intl.DateTimeFormat(words.locale, { timeZone: content.timeZone, hour: 'numeric', minute: '2-digit' });
  const date = new Intl.DateTimeFormat(words.locale, { timeZone: content.timeZone, month: 'short', day: 'numeric' });
  const line = (task: TaskReminderContent['tasks'][number]) =>
    `${task.overdue ? date.format(task.dueAt) + ' ' : ''}${time.format(task.dueAt)} — ${task.title}${task.clientName ? ` (${task.clientName})` : ''}`;
  const sections = [
    { heading: words.overdue, lines: content.tasks.filter((task) => task.overdue).map(line) },
    { heading: words.today, lines: content.tasks.filter((task) => !task.overdue).map(line) },
  ].filter((section) => section.lines.length > 0);
  const url = `${content.appUrl}/tasks`;
  const text = [
    words.greeting(content.firstName),
    words.intro,
    ...sections.map((section) => [section.heading, ...section.lines.map((item) => `- ${item}`)].join('\n')),
    `${words.open}: ${url}`,
    '--',
    words.footer,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5;">',
    `<p>${escapeHtml(words.greeting(content.firstName))}</p>`,
    `<p>${escapeHtml(words.intro)}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size: 18px;">${escapeHtml(section.heading)}</h2><ul>${section.lines.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    ),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(words.open)}</a></p>`,
    `<hr><p style="font-size: 12px; color: #666;">${escapeHtml(words.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: words.subject(content.tasks.length), text, html };
}
