import type { Language } from '../common/language.js';
import type { CampaignPurpose, CampaignTrigger } from './campaign.entity.js';

export const TEMPLATE_KEYS = ['aep_check_in', 'anoc_review', 't65_welcome', 'birthday', 'oep_reminder'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** A ready-made campaign: words for e-mail and text in one language, sent as written (no placeholders, no health data). */
export interface CampaignTemplate {
  key: TemplateKey;
  language: Language;
  name: string;
  purpose: CampaignPurpose;
  /** The trigger a sequence made from it would usually have. */
  trigger: CampaignTrigger | null;
  email: { subject: string; message: string };
  sms: { message: string };
}

type Words = Pick<CampaignTemplate, 'name' | 'email' | 'sms'>;

const SETTINGS: Record<TemplateKey, { purpose: CampaignPurpose; trigger: CampaignTrigger }> = {
  aep_check_in: { purpose: 'marketing', trigger: { kind: 'medicare_date', date: 'aep_start' } },
  anoc_review: { purpose: 'informational', trigger: { kind: 'medicare_date', date: 'anoc_review' } },
  t65_welcome: { purpose: 'marketing', trigger: { kind: 'turning_65', daysBefore: 30 } },
  birthday: { purpose: 'informational', trigger: { kind: 'birthday', daysBefore: 0 } },
  oep_reminder: { purpose: 'informational', trigger: { kind: 'medicare_date', date: 'oep_start' } },
};

const WORDS: Record<TemplateKey, Record<Language, Words>> = {
  aep_check_in: {
    en: {
      name: 'Annual Enrollment check-in',
      email: {
        subject: 'Annual Enrollment is open: let’s review your plan',
        message:
          'Medicare’s Annual Enrollment Period runs from October 15 to December 7. It is the time of year to make sure your coverage still fits your needs for next year.\n\nI would be glad to go over your plan with you, at no cost. Just reply to this e-mail or give me a call to set up a time.',
      },
      sms: {
        message:
          'Medicare Annual Enrollment is open from Oct 15 to Dec 7. Want to make sure your plan still fits for next year? Reply or call us to set up a free review.',
      },
    },
    es: {
      name: 'Revisión del Período de Inscripción Anual',
      email: {
        subject: 'Ya comenzó la Inscripción Anual: revisemos su plan',
        message:
          'El Período de Inscripción Anual de Medicare va del 15 de octubre al 7 de diciembre. Es el momento del año para asegurarse de que su cobertura siga siendo la adecuada para el próximo año.\n\nCon gusto revisaré su plan con usted, sin ningún costo. Responda a este correo o llámeme para acordar una cita.',
      },
      sms: {
        message:
          'La Inscripción Anual de Medicare va del 15 de oct. al 7 de dic. ¿Quiere confirmar que su plan le sigue conviniendo el próximo año? Responda o llámenos para una revisión gratuita.',
      },
    },
  },
  anoc_review: {
    en: {
      name: 'Annual Notice of Change review',
      email: {
        subject: 'Your Annual Notice of Change is on its way',
        message:
          'Around this time each year, Medicare plans mail an Annual Notice of Change. It explains what will be different in your plan next year, such as costs and covered services.\n\nWhen yours arrives, please keep it handy. If anything in it is unclear, I am happy to go through it with you.',
      },
      sms: {
        message:
          'Your Medicare plan will soon mail its Annual Notice of Change, explaining what changes next year. Keep it handy, and call us if you would like help going through it.',
      },
    },
    es: {
      name: 'Revisión del Aviso Anual de Cambios',
      email: {
        subject: 'Pronto recibirá su Aviso Anual de Cambios',
        message:
          'En esta época del año, los planes de Medicare envían por correo el Aviso Anual de Cambios. Este documento explica qué cambiará en su plan el próximo año, como los costos y los servicios cubiertos.\n\nCuando lo reciba, guárdelo a la mano. Si algo no le queda claro, con gusto lo revisamos juntos.',
      },
      sms: {
        message:
          'Su plan de Medicare le enviará pronto el Aviso Anual de Cambios, que explica lo que cambia el próximo año. Guárdelo y llámenos si desea ayuda para revisarlo.',
      },
    },
  },
  t65_welcome: {
    en: {
      name: 'Welcome to Medicare (turning 65)',
      email: {
        subject: 'Getting ready for Medicare',
        message:
          'Turning 65 is a big milestone, and it also opens your Initial Enrollment Period for Medicare. Choosing the right coverage can feel like a lot, so you do not have to do it alone.\n\nI would be happy to explain your options in plain terms and answer your questions. Reply to this e-mail or call me whenever it suits you.',
      },
      sms: {
        message:
          'Turning 65 soon? Your Medicare enrollment window is opening. We can walk you through your options in plain terms, at no cost. Reply or call us to set up a time.',
      },
    },
    es: {
      name: 'Bienvenida a Medicare (cumple 65)',
      email: {
        subject: 'Prepárese para Medicare',
        message:
          'Cumplir 65 años es un momento importante y también marca el inicio de su Período de Inscripción Inicial en Medicare. Elegir la cobertura adecuada puede parecer complicado, pero no tiene que hacerlo solo.\n\nCon gusto le explico sus opciones de manera sencilla y respondo sus preguntas. Responda a este correo o llámeme cuando le convenga.',
      },
      sms: {
        message:
          '¿Cumple 65 pronto? Se acerca su período para inscribirse en Medicare. Le explicamos sus opciones de forma sencilla y sin costo. Responda o llámenos para acordar una cita.',
      },
    },
  },
  birthday: {
    en: {
      name: 'Birthday greeting',
      email: {
        subject: 'Happy birthday!',
        message:
          'Wishing you a very happy birthday and a wonderful year ahead. Thank you for letting us be part of your Medicare journey. If there is ever anything we can help with, we are just a call away.',
      },
      sms: {
        message: 'Happy birthday! Wishing you a wonderful year ahead. Thank you for trusting us with your Medicare coverage.',
      },
    },
    es: {
      name: 'Felicitación de cumpleaños',
      email: {
        subject: '¡Feliz cumpleaños!',
        message:
          'Le deseamos un muy feliz cumpleaños y un año maravilloso. Gracias por permitirnos acompañarle con su cobertura de Medicare. Si en algún momento necesita ayuda, estamos a una llamada de distancia.',
      },
      sms: {
        message: '¡Feliz cumpleaños! Le deseamos un año maravilloso. Gracias por confiarnos su cobertura de Medicare.',
      },
    },
  },
  oep_reminder: {
    en: {
      name: 'Open Enrollment reminder',
      email: {
        subject: 'A second chance to adjust your Medicare Advantage plan',
        message:
          'From January 1 to March 31, the Medicare Advantage Open Enrollment Period lets people with a Medicare Advantage plan switch to another one, or return to Original Medicare, one time.\n\nIf your plan is not working the way you hoped, let’s talk about it. Reply to this e-mail or give me a call.',
      },
      sms: {
        message:
          'Reminder: from Jan 1 to Mar 31, Medicare Advantage members can make one plan change. If your plan is not working for you, reply or call us and we will go over your options.',
      },
    },
    es: {
      name: 'Recordatorio de Inscripción Abierta',
      email: {
        subject: 'Una nueva oportunidad para ajustar su plan Medicare Advantage',
        message:
          'Del 1 de enero al 31 de marzo, el Período de Inscripción Abierta de Medicare Advantage permite a quienes tienen un plan Medicare Advantage cambiarse a otro, o volver a Medicare Original, una sola vez.\n\nSi su plan no le está funcionando como esperaba, hablemos. Responda a este correo o llámeme.',
      },
      sms: {
        message:
          'Recordatorio: del 1 de enero al 31 de marzo, los afiliados a Medicare Advantage pueden hacer un cambio de plan. Si su plan no le conviene, responda o llámenos y revisamos sus opciones.',
      },
    },
  },
};

/** Every template in both languages (five keys × English and Spanish). */
export const CAMPAIGN_TEMPLATES: CampaignTemplate[] = TEMPLATE_KEYS.flatMap((key) =>
  (['en', 'es'] as const).map((language) => ({ key, language, ...SETTINGS[key], ...WORDS[key][language] })),
);
