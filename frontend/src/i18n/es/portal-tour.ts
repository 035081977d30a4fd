import type { clientTourSteps as EN_clientTourSteps } from '../../portal/tour/clientSteps.ts';
import type { TOUR_LOCALE as EN_TOUR_LOCALE } from '../../shared/tourOptions.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the tours' buttons (react-joyride's labels). */
export const TOUR_LOCALE: Translation<typeof EN_TOUR_LOCALE> = {
  back: 'Atrás',
  close: 'Cerrar',
  last: 'Terminar',
  next: 'Siguiente',
  nextWithProgress: 'Siguiente (paso {current} de {total})',
  skip: 'Omitir',
};

/** Spanish of the five steps of the client_welcome tour (same targets and placement as the English). */
export const clientTourSteps: typeof EN_clientTourSteps = (agencyName: string) => [
  {
    target: 'body',
    placement: 'center',
    title: '¡Bienvenido a su portal!',
    content: `${agencyName} creó esta página privada para usted. Este breve recorrido le muestra cómo funciona. Toma menos de un minuto.`,
  },
  {
    target: '[data-tour="medications"]',
    title: 'Mis medicamentos',
    content: 'Agregue los medicamentos que toma. Solo usted puede ver esta lista. Su agente y su agencia no pueden verla.',
  },
  {
    target: '[data-tour="reminders"]',
    title: 'Mis recordatorios',
    content:
      'Elija Programar recordatorio para recibir una llamada telefónica o un mensaje de texto a la hora que usted elija. Un recordatorio puede repetirse cada día, cada semana o cada mes.',
  },
  {
    target: '[data-tour="history"]',
    title: 'Próximos recordatorios e historial',
    content:
      'Sus próximos recordatorios aparecen cerca de la parte de arriba de la página. El historial muestra cómo resultó cada recordatorio anterior, por ejemplo, cuándo oprimió 1 para confirmar una llamada.',
  },
  {
    target: '[data-tour="help"]',
    title: 'Ayuda',
    content: 'Guías fáciles, paso a paso, y este recorrido otra vez cuando usted quiera.',
  },
];
