import type { Language } from '../common/language.js';

/** The titles of the tasks the app makes, in the agency's language (a task is the agency's data, kept as written). */
export const TASK_TITLES: Record<
  Language,
  {
    welcomeCall: (name: string) => string;
    reviewCall: (name: string) => string;
    turning65: (name: string) => string;
    callBeforeAep: (name: string) => string;
    answerText: (firstName: string) => string;
    soaMissed: (name: string) => string;
  }
> = {
  en: {
    welcomeCall: (name) => `Welcome call: ${name}`,
    reviewCall: (name) => `Plan review call: ${name}`,
    turning65: (name) => `Turning 65 call: ${name}`,
    callBeforeAep: (name) => `Call before AEP: ${name}`,
    answerText: (firstName) => `Answer ${firstName}’s text`,
    soaMissed: (name) => `Reschedule the missed appointment: ${name}`,
  },
  es: {
    welcomeCall: (name) => `Llamada de bienvenida: ${name}`,
    reviewCall: (name) => `Llamada de revisión del plan: ${name}`,
    turning65: (name) => `Llamada por cumplir 65: ${name}`,
    callBeforeAep: (name) => `Llamar antes del AEP: ${name}`,
    answerText: (firstName) => `Responder el mensaje de ${firstName}`,
    soaMissed: (name) => `Reprogramar la cita perdida: ${name}`,
  },
};
