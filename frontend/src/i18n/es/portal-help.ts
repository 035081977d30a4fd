import type { HELP_TEXTS as EN_HELP_TEXTS, helpTabs as EN_helpTabs } from '../../portal/client/helpTexts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the client guide's page texts. */
export const HELP_TEXTS: Translation<typeof EN_HELP_TEXTS> = {
  title: 'Ayuda y guía',
  intro: 'Respuestas sencillas sobre su portal. Elija un tema.',
  backToPortal: 'Volver a mi portal',
  restartTour: 'Ver el recorrido otra vez',
  restartTourHint: 'Vea otra vez el breve recorrido guiado de su portal.',
  tabsLabel: 'Temas de ayuda',
};

/** Spanish of the client guide's topics (same tab ids, blocks and list lengths as the English). */
export const helpTabs: typeof EN_helpTabs = (agencyName: string) => [
  {
    id: 'quickstart',
    label: 'Primeros pasos',
    blocks: [
      {
        heading: 'Qué hace este portal',
        paragraphs: [
          'Esta es su propia página privada.',
          'Aquí guarda una lista de sus medicamentos.',
          'Puede pedir una llamada telefónica o un mensaje de texto que le recuerde tomarlos.',
        ],
      },
      {
        heading: 'Cómo iniciar sesión',
        steps: [
          'Vaya a la página de inicio de sesión de su portal.',
          'Escriba su nombre de usuario y su contraseña.',
          'Oprima Iniciar sesión. Su portal se abre.',
        ],
        paragraphs: ['Usted eligió su nombre de usuario y su contraseña cuando abrió la invitación de su agente.'],
      },
      {
        heading: 'Cómo cerrar sesión',
        paragraphs: [
          'Cuando termine, oprima Cerrar sesión en la parte de arriba de la página. Esto es muy importante en una computadora compartida.',
        ],
      },
    ],
  },
  {
    id: 'medications',
    label: 'Medicamentos',
    blocks: [
      {
        heading: 'Cómo agregar un medicamento',
        steps: [
          'Busque Mis medicamentos en su portal.',
          'Oprima Agregar medicamento.',
          'Escriba el nombre del medicamento. Es el único espacio que debe llenar.',
          'Si quiere, agregue la dosis (por ejemplo, 10 mg), con qué frecuencia lo toma y cualquier instrucción.',
          'Oprima Agregar medicamento para guardarlo.',
        ],
      },
      {
        heading: 'Cómo cambiar un medicamento',
        steps: [
          'Busque el medicamento en Mis medicamentos.',
          'Oprima Editar al lado del medicamento.',
          'Cambie lo que necesite.',
          'Oprima Guardar cambios.',
        ],
        paragraphs: ['Sus recordatorios siguen igual y dicen el nombre nuevo, si usted pidió que se dijera el nombre.'],
      },
      {
        heading: 'Cómo quitar un medicamento',
        steps: [
          'Busque el medicamento en Mis medicamentos.',
          'Oprima Eliminar al lado del medicamento.',
          'Oprima Eliminar otra vez para confirmar.',
        ],
        paragraphs: [
          'También se cancelan los recordatorios de ese medicamento que todavía no se han enviado.',
          'Los recordatorios que ya se enviaron se quedan en su Historial.',
        ],
      },
    ],
  },
  {
    id: 'reminders',
    label: 'Recordatorios',
    blocks: [
      {
        heading: 'Cómo crear un recordatorio',
        steps: [
          'Busque Mis recordatorios en su portal.',
          'Oprima Programar recordatorio.',
          'Si quiere, elija el medicamento del recordatorio.',
          'Elija la fecha y la hora.',
          'Elija una llamada telefónica o un mensaje de texto.',
          'Oprima Programar recordatorio para guardarlo.',
        ],
      },
      {
        heading: 'Cuando llega el recordatorio',
        bullets: [
          'Llega a la hora que usted eligió, con un minuto de diferencia más o menos.',
          'En una llamada telefónica, oprima 1 para confirmar que la escuchó.',
          'Para dejar de recibir mensajes de texto, responda ALTO o STOP.',
          'La llamada no dice el nombre del medicamento, a menos que usted lo pida. Así se mantiene en privado.',
        ],
      },
      {
        heading: 'Recordatorios que se repiten',
        paragraphs: [
          'Marque Repetir para que un recordatorio se repita.',
          'Elija Diario, Semanal o Mensual. Si elige Semanal, marque los días que quiera, por ejemplo lun y mié.',
          'Repetir cada 1 quiere decir cada día, cada semana o cada mes. Repetir cada 2 quiere decir uno sí y uno no.',
          'Puede elegir una fecha final. Si la deja en blanco, el recordatorio sigue hasta que usted lo pause o lo elimine.',
        ],
      },
      {
        heading: 'Cómo pausar un recordatorio',
        paragraphs: [
          '¿Va de viaje o al hospital? Oprima Pausar al lado del recordatorio. No le llegan llamadas ni mensajes hasta que oprima Reanudar.',
          'Próximos recordatorios lo muestra En pausa.',
          'Cuando oprime Reanudar, vuelve a empezar en su siguiente hora. Las horas que pasaron no se envían tarde.',
        ],
      },
      {
        heading: 'Cómo revisar y quitar recordatorios',
        paragraphs: [
          'Próximos recordatorios, cerca de la parte de arriba de su portal, muestra lo que viene.',
          'Historial muestra cómo resultó cada recordatorio anterior.',
          'Para quitar un recordatorio que todavía no se ha enviado, oprima Eliminar al lado del recordatorio.',
        ],
      },
    ],
  },
  {
    id: 'privacy',
    label: 'Privacidad',
    blocks: [
      {
        heading: 'Su información es privada',
        bullets: [
          'Solo usted puede ver sus medicamentos y sus recordatorios.',
          'Su agente no puede verlos.',
          `${agencyName} tampoco puede verlos.`,
          'Los datos de sus medicamentos se guardan de forma protegida y cifrada.',
        ],
      },
      {
        heading: 'Lo que su agente puede ver',
        paragraphs: [
          'Su agente guarda su nombre y sus datos de contacto para poder ayudarle con su plan.',
          'Su agente no ve su lista de medicamentos ni los recordatorios que usted crea aquí.',
        ],
      },
    ],
  },
  {
    id: 'help',
    label: 'Ayuda',
    blocks: [
      {
        heading: 'Con quién comunicarse',
        paragraphs: [
          `Si necesita ayuda con su portal o con su plan, comuníquese con ${agencyName}.`,
          'Oprima Llamar a mi agente arriba en cualquier página para llamarle. Su número de teléfono también aparece abajo en cada página.',
        ],
      },
      {
        heading: '¿Olvidó su contraseña?',
        paragraphs: [
          'En la página para iniciar sesión, oprima ¿Olvidó su contraseña?',
          'Escriba su nombre de usuario, su número de teléfono o su correo electrónico. Le enviamos un código por mensaje de texto o un enlace por correo electrónico.',
          'El código o el enlace funciona durante 30 minutos. Después elija una contraseña nueva.',
          'Su agente también le puede enviar un cambio de contraseña.',
        ],
      },
      {
        heading: 'No me llegó un recordatorio',
        bullets: [
          'Revise la fecha y la hora del recordatorio en Mis recordatorios.',
          'Mire en Historial para ver cómo resultó.',
          `Si cambió su número de teléfono, avísele a ${agencyName}.`,
        ],
      },
    ],
  },
];
