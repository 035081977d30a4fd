import { composeDigest, type DigestContent } from './digest-email.js';

const CONTENT: DigestContent = {
  language: 'en',
  brokerFirstName: 'Dana',
  weekOf: '2026-11-30',
  appUrl: 'https://app.example',
  newlyAtRisk: [{ name: 'Ann <Lee>', score: 80, reasons: ['opted_out', 'no_recent_contact'] }],
  newlyAtRiskMore: 3,
  lapsedConsents: [{ name: 'Bo Diaz', channel: 'voice', kind: 'revoked' }],
  upcoming: [{ name: 'Cy Park', kind: 'plan_anniversary', day: '2026-12-01', years: 1 }],
  campaigns: [{ name: 'AEP check-in', sent: 10, opened: 4, clicked: 1 }],
  retention: null,
};

describe('composeDigest', () => {
  it('writes every section in text, escapes names in HTML and counts the clients not listed', () => {
    const mail = composeDigest(CONTENT);
    expect(mail.subject).toBe('Your weekly digest for the week of November 30');
    expect(mail.text).toContain('- Ann <Lee> (score 80): opted out of a channel, no contact in 60 days');
    expect(mail.text).toContain('- …and 3 more on the Clients page.');
    expect(mail.text).toContain('- Bo Diaz — calls: opted out');
    expect(mail.text).toContain('- Tue, Dec 1 — Cy Park’s plan anniversary (1 year)');
    expect(mail.text).toContain('- AEP check-in: 10 sent, 4 opened, 1 clicked');
    expect(mail.text).not.toContain('Retention');
    expect(mail.html).toContain('<li>Ann &lt;Lee&gt; (score 80): opted out of a channel, no contact in 60 days</li>');
    expect(mail.html).not.toContain('<Lee>');
  });

  it('says so when a section is empty, and shows the retention line when given', () => {
    const mail = composeDigest({
      ...CONTENT,
      newlyAtRisk: [],
      newlyAtRiskMore: 0,
      retention: {
        months: [
          { month: '2026-10', startCount: 50, retained: 49, lost: 1, rate: 98 },
          { month: '2026-11', startCount: 52, retained: 52, lost: 0, rate: 100 },
        ],
        aep: [],
        lostByReason: { switched_agent: 1, moved: 0, deceased: 0, other: 0 },
        basis: 'clients',
        keptThroughAep: null,
        lostToAnotherAgent: 1,
      },
    });
    expect(mail.text).toContain('Clients newly at risk\nNothing this week.');
    expect(mail.text).toContain('Retention\n- 98% of your clients stayed with you last month (49 of 50). 100% so far this month.');
  });

  it('writes Spanish for a Spanish-speaking broker', () => {
    const mail = composeDigest({ ...CONTENT, language: 'es' });
    expect(mail.subject).toBe('Su resumen semanal de la semana del 30 de noviembre');
    expect(mail.text).toContain('- Ann <Lee> (puntuación 80): se dio de baja de un canal, sin contacto en 60 días');
    expect(mail.text).toContain('aniversario del plan de Cy Park (1 año)');
    expect(mail.text).toContain('Para desactivarlo, vaya a Configuración: https://app.example/settings');
  });

  it('opens with the text conversations waiting longer than the agency’s promise, in both languages, and leaves the section out at none', () => {
    const english = composeDigest({ ...CONTENT, overdueTexts: { threads: 3, promiseDays: 1 } });
    expect(english.text).toContain(
      'Dana.\n\nHere is what needs your attention this week.\n\nTexts waiting for a reply\n- 3 conversations have waited longer than your promise of a reply (1 business day): https://app.example/inbox',
    );
    const spanish = composeDigest({ ...CONTENT, language: 'es', overdueTexts: { threads: 1, promiseDays: 2 } });
    expect(spanish.text).toContain(
      'Mensajes de texto por responder\n- 1 conversación lleva más tiempo sin respuesta del que usted promete (2 días hábiles): https://app.example/inbox',
    );
    expect(composeDigest({ ...CONTENT, overdueTexts: { threads: 0, promiseDays: 1 } }).text).not.toContain('Texts waiting');
  });
});
