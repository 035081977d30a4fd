import type { RiskReason } from '../clients/risk.js';
import type { Language } from '../common/language.js';
import type { Channel } from '../messaging/outbox-message.entity.js';
import type { RetentionDto } from '../reporting/dto/retention.dto.js';

export type UpcomingKind = 'turning_65' | 'birthday' | 'plan_anniversary';
export type LapseKind = 'revoked' | 'expired';

/** What a broker's weekly digest says: names, dates and counts the broker already sees in the app, never health data. */
export interface DigestContent {
  language: Language;
  brokerFirstName: string | null;
  /** The Monday it is for, YYYY-MM-DD. */
  weekOf: string;
  appUrl: string;
  newlyAtRisk: { name: string; score: number; reasons: string[] }[];
  /** How many more newly at-risk clients there are than those listed. */
  newlyAtRiskMore: number;
  lapsedConsents: { name: string; channel: Channel; kind: LapseKind }[];
  upcoming: { name: string; kind: UpcomingKind; day: string; years: number }[];
  campaigns: { name: string; sent: number; opened: number; clicked: number }[];
  /** Null when it could not be read: the line is left out. */
  retention: RetentionDto | null;
  /** Text conversations waiting for a reply longer than the agency's promise (its office hours); none: the section is left out. */
  overdueTexts?: { threads: number; promiseDays: number };
  /** An agent's digest of the clients assigned to them (their agency keeps agents to their own clients). */
  forMember?: boolean;
}

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

interface Words {
  locale: string;
  subject: (week: string) => string;
  greeting: (name: string | null) => string;
  intro: string;
  introMember: string;
  headings: { texts: string; atRisk: string; consents: string; upcoming: string; campaigns: string; retention: string };
  overdueTexts: (threads: number, promiseDays: number, inboxUrl: string) => string;
  none: string;
  atRisk: (name: string, score: number, reasons: string) => string;
  more: (count: number) => string;
  reasons: Record<RiskReason, string>;
  channels: Record<Channel, string>;
  lapse: Record<LapseKind, string>;
  upcoming: Record<UpcomingKind, (name: string, years: number) => string>;
  campaign: (name: string, sent: number, opened: number, clicked: number) => string;
  retention: (lastMonth: { rate: number; retained: number; startCount: number } | null, thisMonth: number | null) => string;
  open: string;
  footer: (settingsUrl: string) => string;
  footerMember: string;
}

const EN: Words = {
  locale: 'en-US',
  subject: (week) => `Your weekly digest for the week of ${week}`,
  greeting: (name) => (name ? `Good morning, ${name}.` : 'Good morning.'),
  intro: 'Here is what needs your attention this week.',
  introMember: 'Here is what needs your attention this week among the clients assigned to you.',
  headings: {
    texts: 'Texts waiting for a reply',
    atRisk: 'Clients newly at risk',
    consents: 'Permissions lapsed in the last 7 days',
    upcoming: 'Coming up in the next 30 days',
    campaigns: 'Campaigns in the last 7 days',
    retention: 'Retention',
  },
  none: 'Nothing this week.',
  overdueTexts: (threads, days, url) =>
    `${threads === 1 ? '1 conversation has' : `${threads} conversations have`} waited longer than your promise of a reply (${days === 1 ? '1 business day' : `${days} business days`}): ${url}`,
  atRisk: (name, score, reasons) => `${name} (score ${score}): ${reasons}`,
  more: (count) => `…and ${count} more on the Clients page.`,
  reasons: {
    engagement_falling: 'engagement is falling',
    low_engagement: 'low engagement',
    unanswered_messages: 'calls or texts went unanswered',
    opted_out: 'opted out of a channel',
    unopened_campaigns: 'did not open your last three e-mails',
    no_recent_contact: 'no contact in 60 days',
    not_reached_recently: 'not reached in the last 30 days',
    enrollment_window: 'enrollment season',
    plan_anniversary_soon: 'plan anniversary coming up',
  },
  channels: { voice: 'calls', sms: 'texts', email: 'e-mail' },
  lapse: { revoked: 'opted out', expired: 'marketing permission expired' },
  upcoming: {
    turning_65: (name) => `${name} turns 65`,
    birthday: (name, years) => `${name}’s birthday (${years})`,
    plan_anniversary: (name, years) => `${name}’s plan anniversary (${years} ${years === 1 ? 'year' : 'years'})`,
  },
  campaign: (name, sent, opened, clicked) => `${name}: ${sent} sent, ${opened} opened, ${clicked} clicked`,
  retention: (lastMonth, thisMonth) =>
    [
      lastMonth
        ? `${lastMonth.rate}% of your clients stayed with you last month (${lastMonth.retained} of ${lastMonth.startCount}).`
        : 'No clients to measure last month.',
      thisMonth === null ? '' : ` ${thisMonth}% so far this month.`,
    ].join(''),
  open: 'Open the app',
  footer: (url) => `You get this digest every Monday because it is on in Settings. To turn it off, go to Settings: ${url}`,
  footerMember:
    'You get this digest of your own clients every Monday because your agency has the weekly digest on. The agency’s owner can turn it off in Settings.',
};

const ES: Words = {
  locale: 'es-US',
  subject: (week) => `Su resumen semanal de la semana del ${week}`,
  greeting: (name) => (name ? `Buenos días, ${name}.` : 'Buenos días.'),
  intro: 'Esto es lo que necesita su atención esta semana.',
  introMember: 'Esto es lo que necesita su atención esta semana entre los clientes que tiene asignados.',
  headings: {
    texts: 'Mensajes de texto por responder',
    atRisk: 'Clientes que pasaron a estar en riesgo',
    consents: 'Permisos que vencieron o se retiraron en los últimos 7 días',
    upcoming: 'Próximos 30 días',
    campaigns: 'Campañas de los últimos 7 días',
    retention: 'Retención',
  },
  none: 'Nada esta semana.',
  overdueTexts: (threads, days, url) =>
    `${threads === 1 ? '1 conversación lleva' : `${threads} conversaciones llevan`} más tiempo sin respuesta del que usted promete (${days === 1 ? '1 día hábil' : `${days} días hábiles`}): ${url}`,
  atRisk: (name, score, reasons) => `${name} (puntuación ${score}): ${reasons}`,
  more: (count) => `…y ${count} más en la página de Clientes.`,
  reasons: {
    engagement_falling: 'su participación está bajando',
    low_engagement: 'participación baja',
    unanswered_messages: 'llamadas o mensajes de texto sin respuesta',
    opted_out: 'se dio de baja de un canal',
    unopened_campaigns: 'no abrió sus últimos tres correos',
    no_recent_contact: 'sin contacto en 60 días',
    not_reached_recently: 'no se le ha podido localizar en los últimos 30 días',
    enrollment_window: 'temporada de inscripción',
    plan_anniversary_soon: 'se acerca el aniversario de su plan',
  },
  channels: { voice: 'llamadas', sms: 'mensajes de texto', email: 'correo electrónico' },
  lapse: { revoked: 'se dio de baja', expired: 'venció el permiso de marketing' },
  upcoming: {
    turning_65: (name) => `${name} cumple 65 años`,
    birthday: (name, years) => `cumpleaños de ${name} (${years})`,
    plan_anniversary: (name, years) => `aniversario del plan de ${name} (${years} ${years === 1 ? 'año' : 'años'})`,
  },
  campaign: (name, sent, opened, clicked) => `${name}: ${sent} enviados, ${opened} abiertos, ${clicked} con clic`,
  retention: (lastMonth, thisMonth) =>
    [
      lastMonth
        ? `El ${lastMonth.rate} % de sus clientes siguió con usted el mes pasado (${lastMonth.retained} de ${lastMonth.startCount}).`
        : 'No hubo clientes que medir el mes pasado.',
      thisMonth === null ? '' : ` ${thisMonth} % en lo que va de este mes.`,
    ].join(''),
  open: 'Abrir la aplicación',
  footer: (url) => `Recibe este resumen cada lunes porque está activado en Configuración. Para desactivarlo, vaya a Configuración: ${url}`,
  footerMember:
    'Recibe cada lunes este resumen de sus propios clientes porque su agencia tiene activado el resumen semanal. El propietario de la agencia puede desactivarlo en Configuración.',
};

const WORDS: Record<Language, Words> = { en: EN, es: ES };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function dayIn(words: Words, day: string, style: 'short' | 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { month: 'long', day: 'numeric', timeZone: 'UTC' }
      : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(words.locale, options).format(new Date(`${day}T00:00:00Z`));
}

function retentionLine(words: Words, retention: RetentionDto): string {
  const lastMonth = retention.months.at(-2);
  const thisMonth = retention.months.at(-1);
  return words.retention(
    lastMonth && lastMonth.rate !== null ? { rate: lastMonth.rate, retained: lastMonth.retained, startCount: lastMonth.startCount } : null,
    thisMonth?.rate ?? null,
  );
}

/** The digest as an e-mail in the broker's language: the same sections in text and HTML. */
export function composeDigest(content: DigestContent): DigestEmail {
  const words = WORDS[content.language] ?? EN;
  const reasonWords = (codes: string[]) =>
    codes
      .filter((code): code is RiskReason => code in words.reasons)
      .map((code) => words.reasons[code])
      .join(', ');

  const sections: { heading: string; lines: string[]; empty?: boolean }[] = [
    ...(content.overdueTexts && content.overdueTexts.threads > 0
      ? [
          {
            heading: words.headings.texts,
            lines: [words.overdueTexts(content.overdueTexts.threads, content.overdueTexts.promiseDays, `${content.appUrl}/inbox`)],
          },
        ]
      : []),
    {
      heading: words.headings.atRisk,
      lines: [
        ...content.newlyAtRisk.map((client) => words.atRisk(client.name, client.score, reasonWords(client.reasons))),
        ...(content.newlyAtRiskMore > 0 ? [words.more(content.newlyAtRiskMore)] : []),
      ],
    },
    {
      heading: words.headings.consents,
      lines: content.lapsedConsents.map((lapse) => `${lapse.name} — ${words.channels[lapse.channel]}: ${words.lapse[lapse.kind]}`),
    },
    {
      heading: words.headings.upcoming,
      lines: content.upcoming.map(
        (event) => `${dayIn(words, event.day, 'short')} — ${words.upcoming[event.kind](event.name, event.years)}`,
      ),
    },
    {
      heading: words.headings.campaigns,
      lines: content.campaigns.map((campaign) => words.campaign(campaign.name, campaign.sent, campaign.opened, campaign.clicked)),
    },
  ];
  if (content.retention) sections.push({ heading: words.headings.retention, lines: [retentionLine(words, content.retention)] });

  const settingsUrl = `${content.appUrl}/settings`;
  const intro = content.forMember ? words.introMember : words.intro;
  // An agent cannot turn the agency's digest off: theirs says who can, without the link.
  const footer = content.forMember ? words.footerMember : words.footer(settingsUrl);
  const text = [
    words.greeting(content.brokerFirstName),
    intro,
    ...sections.map((section) =>
      [section.heading, ...(section.lines.length > 0 ? section.lines.map((line) => `- ${line}`) : [words.none])].join('\n'),
    ),
    `${words.open}: ${content.appUrl}`,
    '--',
    footer,
  ].join('\n\n');

  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5;">',
    `<p>${escapeHtml(words.greeting(content.brokerFirstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size: 18px;">${escapeHtml(section.heading)}</h2>` +
        (section.lines.length > 0
          ? `<ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
          : `<p>${escapeHtml(words.none)}</p>`),
    ),
    `<p><a href="${escapeHtml(content.appUrl)}">${escapeHtml(words.open)}</a></p>`,
    `<hr><p style="font-size: 12px; color: #666;">${escapeHtml(footer).replace(
      escapeHtml(settingsUrl),
      `<a href="${escapeHtml(settingsUrl)}">${escapeHtml(settingsUrl)}</a>`,
    )}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject: words.subject(dayIn(words, content.weekOf, 'long')), text, html };
}
