import { CAMPAIGN_TEMPLATES, TEMPLATE_KEYS } from './templates.js';

describe('campaign templates', () => {
  it('has every key in English and Spanish', () => {
    expect(CAMPAIGN_TEMPLATES).toHaveLength(TEMPLATE_KEYS.length * 2);
    for (const key of TEMPLATE_KEYS) {
      expect(CAMPAIGN_TEMPLATES.filter((t) => t.key === key).map((t) => t.language)).toEqual(['en', 'es']);
    }
  });

  it.each(CAMPAIGN_TEMPLATES.map((t) => [`${t.key} (${t.language})`, t] as const))(
    '%s: a short text, a subject and message, no placeholders',
    (_name, template) => {
      expect(template.sms.message.length).toBeLessThanOrEqual(300);
      expect(template.email.subject.length).toBeGreaterThan(0);
      expect(template.email.message.length).toBeGreaterThan(0);
      for (const text of [template.name, template.email.subject, template.email.message, template.sms.message]) {
        expect(text).not.toMatch(/[{}[\]<>]/);
      }
    },
  );
});
