import { INDUSTRY_AVERAGE_RETENTION } from '../../broker-app/dashboard/texts.ts';
import type { TOUR_TEXTS as EN_TOUR_TEXTS } from '../../broker-app/tour/texts.ts';
import type { Translation } from '../translation.ts';

export { TOUR_LOCALE } from './portal-tour.ts';

/** Spanish of the broker_welcome tour (`broker-app/tour/texts.ts`). */
export const TOUR_TEXTS: Translation<typeof EN_TOUR_TEXTS> = {
  welcomeTitle: (agencyName) => `¡Le damos la bienvenida a ${agencyName}!`,
  welcome:
    'Este recorrido rápido le muestra las herramientas que ayudan a conservar a sus clientes durante el Período de Inscripción Anual. Toma alrededor de un minuto.',
  statsTitle: 'Su cartera de un vistazo',
  stats: `El total de clientes, la retención frente al promedio de la industria de ${INDUSTRY_AVERAGE_RETENTION}%, cuántas llamadas de recordatorio se completaron y su puntuación de participación.`,
  clientsTitle: 'Clientes',
  clients: 'Agregue clientes uno por uno o suba un archivo CSV, invítelos a su portal privado y siga su puntuación de participación.',
  remindersTitle: 'Recordatorios',
  reminders:
    'Programe llamadas o mensajes de texto de recordatorio únicos con un mensaje general. Salen en el minuto que usted elija, con su mensaje del patrocinador.',
  campaignsTitle: 'Campañas',
  campaigns:
    'Envíe un correo electrónico o un SMS a todos sus clientes activos a la vez y vea cuántos lo abrieron y cuántos hicieron clic.',
  resourcesTitle: 'Recursos',
  resources: 'Materiales de capacitación, guiones de venta, plantillas y documentos de cumplimiento, listos para descargar.',
  brandingTitle: 'Marca',
  branding: 'Su logotipo, sus colores y su mensaje del patrocinador en cada llamada, cada correo y el portal de sus clientes.',
  helpTitle: 'Ayuda',
  help: 'Guías para cada página, solución de problemas y este recorrido otra vez cuando usted quiera.',
};
