import {
  BREAK_EVEN_CLIENTS,
  FLAT_CLIENT_LIMIT,
  formatCents,
  formatPrice,
  OVERAGE_EXAMPLE_CLIENTS,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  PRICES,
} from '../../broker-app/billing/pricing.ts';
import { INDUSTRY_AVERAGE_RETENTION } from '../../broker-app/dashboard/texts.ts';
import type {
  HELP_TABS as EN_HELP_TABS,
  HELP_TEXTS as EN_HELP_TEXTS,
  PRIVACY_RULE as EN_PRIVACY_RULE,
} from '../../broker-app/help/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the broker Help page (`broker-app/help/texts.ts`). */
export const HELP_TEXTS: Translation<typeof EN_HELP_TEXTS> = {
  title: 'Ayuda y guía',
  subtitle: 'Cómo configurar su agencia, mantenerse en contacto con sus clientes y aprovechar al máximo sus herramientas de retención',
  tabsLabel: 'Secciones de la guía',
  restartTour: 'Reiniciar recorrido',
  restartTourHint: 'Vuelva a hacer el recorrido por el panel',
};

/** SPEC §1 Privacy rule, as the UI states it. */
export const PRIVACY_RULE: Translation<typeof EN_PRIVACY_RULE> =
  'Los datos de medicamentos, la información de salud y los recordatorios creados por los clientes no están visibles para los agentes ni para los administradores. ' +
  'Los agentes solo crean recordatorios sencillos de una sola vez, con mensajes genéricos que no contienen información de salud.';

export const HELP_TABS: Translation<typeof EN_HELP_TABS> = [
  {
    id: 'quickstart',
    label: 'Inicio rápido',
    summary:
      'Prepare su agencia en pocos minutos y deje que los recordatorios y las campañas mantengan a su cartera de clientes activa todo el año.',
    sections: [
      {
        heading: 'Su primer día',
        steps: [
          'Personalice la marca de su agencia: en Marca, agregue el nombre de su agencia, su número de teléfono, su logotipo (se recomienda de 200x200 px), sus colores y un mensaje del patrocinador de hasta 150 caracteres. Sus clientes ven su marca, no la nuestra.',
          'Agregue a sus clientes: de uno en uno con Agregar cliente, o todos a la vez con Subir CSV (columnas firstName, lastName, email, phone).',
          'Invite a sus clientes a su portal privado con Enviar invitación. Recibirán un mensaje de texto con un enlace válido por 7 días.',
          'Programe recordatorios: llamadas o mensajes de texto de una sola vez, con un mensaje genérico. Se envían automáticamente en el minuto siguiente a la hora que usted elija.',
          'Envíe una campaña: un correo electrónico o un mensaje de texto a todos sus clientes activos, con seguimiento de aperturas y clics en los correos electrónicos.',
          'Elija su plan en Facturación antes de que termine su prueba gratuita de 30 días.',
        ],
        links: [
          { label: 'Marca', to: '/branding' },
          { label: 'Clientes', to: '/clients' },
          { label: 'Recordatorios', to: '/reminders' },
          { label: 'Campañas', to: '/campaigns' },
        ],
      },
      {
        heading: 'Su panel',
        bullets: [
          'Total de clientes: todos los clientes de su cartera, con el número de clientes activos este mes (los que cuenta su plan).',
          `Tasa de retención: de los clientes que tenía hace 12 meses, el porcentaje que sigue activo hoy, comparado con el promedio de la industria de ${INDUSTRY_AVERAGE_RETENTION}%.`,
          'Llamadas completadas: el porcentaje de llamadas de recordatorio terminadas que se completaron.',
          'Puntuación de participación: su tasa de retención multiplicada por 0.85, sobre 100.',
        ],
      },
      {
        heading: 'La barrera de privacidad',
        body: 'Sus clientes le confían sus decisiones sobre Medicare; sus datos de salud se quedan con ellos.',
        note: {
          severity: 'info',
          text: PRIVACY_RULE,
        },
      },
    ],
  },
  {
    id: 'clients',
    label: 'Clientes',
    summary: 'Forme su cartera de clientes, invítelos a su portal y vea quiénes participan.',
    sections: [
      {
        heading: 'Cómo agregar un cliente',
        body: 'Haga clic en Agregar cliente e ingrese el nombre, el apellido y el número de teléfono; el correo electrónico es opcional, pero se necesita para las campañas por correo electrónico. Puede escribir el número de teléfono como quiera, por ejemplo (615) 555-0142 o 615.555.0142: se guarda en formato E.164 (+16155550142). Cada número de teléfono se puede usar una sola vez en su cartera.',
        links: [{ label: 'Ir a Clientes', to: '/clients' }],
      },
      {
        heading: 'Cómo importar un archivo CSV',
        body: 'Subir CSV acepta un archivo .csv (de hasta 10 MB) cuya primera fila nombra las columnas:',
        code: 'firstName,lastName,email,phone\nMargaret,Lopez,margaret@example.com,+16155550142',
        bullets: [
          'Números de teléfono en formato E.164: un signo más, el código de país (1 para los EE. UU.) y el número, sin espacios; por ejemplo, +16155550142.',
          'La columna de correo electrónico puede quedar vacía para los clientes que no tienen dirección.',
          'Se omiten las filas sin nombre, con un número de teléfono o un correo electrónico no válido, o con un número de teléfono que ya está en su cartera; el resumen indica cada una por número de línea y el resto se importa.',
          'Si durante la importación se alcanza el límite de clientes de su plan, la importación se detiene en ese punto y se le avisa.',
        ],
      },
      {
        heading: 'Invitaciones al portal del cliente',
        steps: [
          'Haga clic en Enviar invitación en la tarjeta del cliente. El cliente recibe un mensaje de texto con un enlace personal para crear un nombre de usuario y una contraseña.',
          'El enlace vence a los 7 días. Reenviar invitación envía un enlace nuevo; los enlaces anteriores dejan de funcionar.',
          'Cuando el cliente crea su cuenta, la tarjeta muestra Registrado.',
        ],
        note: {
          severity: 'info',
          text: 'Si no se puede enviar el mensaje de texto, la invitación se crea de todos modos y usted puede copiar el enlace para compartirlo de otra forma.',
        },
      },
      {
        heading: 'Puntuación de participación',
        body: 'Cada cliente tiene una puntuación de 0 a 100 que muestra su nivel de participación:',
        bullets: [
          'Tiene una cuenta en el portal: 25 puntos.',
          'Inició sesión en el portal en los últimos 30 días: 20 puntos.',
          'Recordatorios completados en los últimos 90 días: hasta 35 puntos, en proporción a los recordatorios que se completaron.',
          'Abrió un correo electrónico de una campaña en los últimos 90 días: 10 puntos.',
          'Hizo clic en un enlace de un correo electrónico de una campaña en los últimos 90 días: 10 puntos.',
        ],
      },
      {
        heading: 'Los clientes activos y su plan',
        body: 'Su plan cuenta los clientes activos. Con el plan de Tarifa fija, verá una advertencia a partir de 90 clientes activos y llegará al límite con 100 (con un pequeño margen de tolerancia); para superarlo, active el excedente o cambie al precio por cliente en Facturación, o desactive a los clientes que ya no atiende.',
      },
      {
        heading: 'Lo que puede ver y lo que no',
        note: {
          severity: 'info',
          text: 'Usted ve los datos de contacto de sus clientes, el estado de su invitación y su participación. Sus medicamentos y los recordatorios que crean para sí mismos en el portal son privados y no están visibles para los agentes ni para los administradores.',
        },
      },
    ],
  },
  {
    id: 'reminders',
    label: 'Recordatorios',
    summary: 'Llamadas y mensajes de texto amables, de una sola vez, que lo mantienen en contacto con sus clientes.',
    sections: [
      {
        heading: 'Cómo programar un recordatorio',
        steps: [
          'Haga clic en Programar recordatorio y elija al cliente.',
          'Elija una fecha y una hora futuras.',
          'Elija una llamada de voz o un mensaje de texto.',
          'Escriba un mensaje genérico, por ejemplo: "Este es un recordatorio amistoso de su asesor de Medicare. La inscripción anual comienza el 15 de octubre; llámenos para revisar su plan."',
        ],
        note: {
          severity: 'warning',
          text: 'Los recordatorios de los agentes son de una sola vez y llevan mensajes genéricos que no contienen información de salud. Se rechaza cualquier mensaje que mencione un medicamento o una afección de salud.',
        },
        links: [{ label: 'Ir a Recordatorios', to: '/reminders' }],
      },
      {
        heading: 'Cuándo se envían los recordatorios',
        bullets: [
          'Los recordatorios se envían automáticamente en el minuto siguiente a la hora programada; no necesita mantener la página abierta.',
          'Ejecutar pendientes envía de inmediato los recordatorios cuya hora ya llegó.',
          'Horario de silencio: no se entrega nada antes de las 8:00 a. m. ni después de las 9:00 p. m., hora local del cliente. Un recordatorio programado en el horario de silencio espera hasta las 8:00 a. m.',
          'Un recordatorio está pendiente hasta que se envía; después su estado es Completado o Falló. Si la línea está ocupada o nadie contesta, la llamada se intenta una vez más 10 minutos después.',
        ],
      },
      {
        heading: 'Lo que su cliente escucha y lee',
        bullets: [
          'La llamada menciona a su agencia, dice su mensaje y luego su mensaje del patrocinador, y termina con "Presione 1 o diga sí para confirmar que recibió este mensaje. Presione 9 para dejar de recibir estas llamadas."',
          'El mensaje de texto incluye el nombre de su agencia, su mensaje y su mensaje del patrocinador, y termina con "Responda STOP o ALTO para darse de baja."',
          'Si un cliente presiona 9 o responde STOP o ALTO, no se le vuelve a contactar por ese medio.',
        ],
      },
      {
        heading: 'Los recordatorios propios de sus clientes',
        body: 'En su portal, los clientes llevan la lista de sus medicamentos y programan sus propios recordatorios, incluso diarios, semanales o mensuales. Estos recordatorios pertenecen al cliente: son privados y no están visibles para los agentes ni para los administradores.',
      },
    ],
  },
  {
    id: 'campaigns',
    label: 'Campañas',
    summary: 'Comuníquese con toda su cartera de clientes a la vez por correo electrónico o mensaje de texto.',
    sections: [
      {
        heading: 'Cómo crear y enviar una campaña',
        steps: [
          'Haga clic en Crear campaña y póngale un nombre.',
          'Elija Correo electrónico (con una línea de asunto) o SMS, y escriba el mensaje.',
          'La campaña se guarda como borrador. Cuando esté listo, haga clic en Enviar en el borrador: se envía a todos sus clientes activos que tienen correo electrónico (o número de teléfono, para SMS) y que no se han dado de baja.',
        ],
        links: [{ label: 'Ir a Campañas', to: '/campaigns' }],
      },
      {
        heading: 'Campañas por correo electrónico',
        bullets: [
          'Los correos electrónicos llevan su logotipo y sus colores, y un pie de página con el nombre de su agencia, su dirección postal, su número de teléfono y un enlace para cancelar la suscripción.',
          'Las campañas enviadas muestran cuántos clientes abrieron el correo electrónico y cuántos hicieron clic en un enlace. No se cuentan las aperturas automáticas de los escáneres de correo ni de las funciones de privacidad, así que las cifras reflejan lectores reales.',
          'Un cliente que cancela la suscripción no vuelve a recibir correos electrónicos de campañas.',
        ],
      },
      {
        heading: 'Campañas por SMS',
        bullets: [
          'Los mensajes de texto respetan el horario de silencio: fuera del horario de 8:00 a. m. a 9:00 p. m., hora local del cliente, esperan hasta las 8:00 a. m.',
          'El primer mensaje de texto de campaña que recibe un cliente termina con "Responda STOP o ALTO para darse de baja". Los clientes que responden STOP o ALTO quedan dados de baja y no reciben más mensajes de texto; si responden START o COMENZAR, vuelven a recibirlos.',
        ],
      },
      {
        heading: 'Buenas prácticas',
        bullets: [
          'Mantenga los mensajes genéricos: tampoco incluya información de salud en las campañas.',
          'Planifique sus campañas en torno al Período de Inscripción Anual (AEP), del 15 de octubre al 7 de diciembre, y a los aniversarios de los planes.',
          'Use los materiales aprobados de Recursos para redactar sus mensajes de acuerdo con las normas.',
        ],
      },
    ],
  },
  {
    id: 'resources',
    label: 'Recursos',
    summary: 'Materiales de capacitación, guiones y plantillas que comparte el equipo de la plataforma.',
    sections: [
      {
        heading: 'Cómo encontrar un recurso',
        bullets: [
          'Los recursos están agrupados por categoría: General, Materiales de capacitación, Guiones de venta, Plantillas, Cumplimiento y Marketing.',
          'Busque por título o descripción, o elija una categoría para acotar la lista.',
          'Descargar abre el archivo en una pestaña nueva: documentos PDF, Word, Excel y PowerPoint, imágenes y videos.',
        ],
        links: [{ label: 'Ir a Recursos', to: '/resources' }],
      },
      {
        heading: 'Material nuevo',
        body: 'El equipo de la plataforma agrega y actualiza los recursos; los materiales retirados desaparecen de su lista. Vuelva a consultar antes de cada temporada de inscripción para encontrar guiones y documentos de cumplimiento actualizados.',
      },
    ],
  },
  {
    id: 'settings',
    label: 'Configuración',
    summary:
      'Su configuración está en tres páginas: Configuración, para su nombre, el teléfono de la agencia y las notificaciones por correo electrónico; Facturación, para su plan; y Marca, para la imagen que ven sus clientes.',
    sections: [
      {
        heading: 'Su perfil',
        bullets: [
          'Nombre y apellido: se muestran en la aplicación y en los mensajes que sus clientes reciben de usted. Si su proveedor de inicio de sesión no proporciona su nombre, la aplicación se lo pide una vez, después de que inicie sesión por primera vez.',
          'Teléfono de la agencia: el mismo número que en la página Marca; aparece en el pie de página de los correos electrónicos.',
          'Notificaciones por correo electrónico: un correo electrónico cuando un cliente se une a su portal y cuando un cliente confirma o rechaza un cambio de teléfono o de correo electrónico que usted solicitó. Están activadas, a menos que usted las desactive.',
          'Su dirección de correo electrónico proviene de su proveedor de inicio de sesión; cámbiela allí.',
        ],
        links: [{ label: 'Ir a Configuración', to: '/settings' }],
      },
      {
        heading: 'Facturación y planes',
        bullets: [
          'Prueba gratuita: 30 días con acceso completo y sin tarjeta de crédito. El plan que elija durante la prueba se aplica cuando esta termina; Iniciar mi suscripción ahora la termina antes, después de mostrarle el monto mensual.',
          `Tarifa fija: ${PRICES.flatMonthly} al mes por hasta ${FLAT_CLIENT_LIMIT} clientes activos. El excedente opcional agrega ${PRICES.overagePerClient} al mes por cada cliente activo por encima de ${FLAT_CLIENT_LIMIT} (${OVERAGE_EXAMPLE_CLIENTS} clientes de más cuestan ${formatPrice(OVERAGE_EXAMPLE_CLIENTS * OVERAGE_PER_CLIENT_CENTS)}).`,
          `PMPM: ${formatCents(PMPM_PER_CLIENT_CENTS)} por cliente activo al mes, sin límite de clientes.`,
          `Punto de equilibrio: con ${BREAK_EVEN_CLIENTS} clientes, ambos planes cuestan aproximadamente lo mismo. Con menos de ${BREAK_EVEN_CLIENTS}, PMPM cuesta menos; con más de ${BREAK_EVEN_CLIENTS}, la Tarifa fija cuesta menos.`,
          'Los cambios de plan se aplican de inmediato; el cambio de un plan de pago se prorratea automáticamente.',
          'Pago vencido: no se pudo procesar un pago. Los recordatorios y las campañas se pausan hasta que se pague; actualice su método de pago desde el aviso o en Facturación. Sus clientes, sus importaciones y su marca siguen funcionando.',
        ],
        links: [{ label: 'Ir a Facturación', to: '/billing' }],
      },
      {
        heading: 'Marca',
        bullets: [
          'Nombre y número de teléfono de la agencia, que ven sus clientes.',
          'Logotipo: PNG, JPEG o WebP de hasta 2 MB; se recomienda de 200x200 px.',
          'Colores principal y secundario, que se usan en la aplicación, en el portal del cliente y en sus correos electrónicos.',
          'Mensaje del patrocinador: hasta 150 caracteres, que se agregan a cada llamada de recordatorio.',
          'La vista previa muestra la página de inicio de sesión de sus clientes, la plantilla de correo electrónico y el guion de la llamada antes de guardar.',
        ],
        links: [{ label: 'Ir a Marca', to: '/branding' }],
      },
    ],
  },
  {
    id: 'troubleshooting',
    label: 'Solución de problemas',
    summary: 'Respuestas rápidas a las preguntas más frecuentes de los agentes.',
    sections: [
      {
        heading: 'Un cliente no recibió una llamada o un mensaje de texto de recordatorio',
        bullets: [
          'Revise el número de teléfono en la tarjeta del cliente: debe ser un número válido, guardado en formato E.164 (+16155550142).',
          'Revise la hora: los recordatorios se envían en el minuto siguiente a la hora programada, pero no en el horario de silencio (antes de las 8:00 a. m. o después de las 9:00 p. m., hora local del cliente); esos esperan hasta las 8:00 a. m.',
          'Verifique si el cliente se dio de baja: si presionó 9 durante una llamada o respondió STOP o ALTO a un mensaje de texto, no se le vuelve a contactar por ese medio.',
          'Revise el estado del recordatorio: Falló significa que no se pudo entregar la llamada o el mensaje de texto, ni siquiera después de un nuevo intento.',
        ],
      },
      {
        heading: 'El enlace de invitación venció',
        body: 'Los enlaces de invitación son válidos por 7 días. Haga clic en Reenviar invitación en la tarjeta del cliente para enviar un enlace nuevo; solo funciona el enlace más reciente.',
      },
      {
        heading: 'Se omitieron algunas filas del CSV',
        body: 'El resumen de la importación indica cada fila omitida con su número de línea y el motivo. Corrija esas filas (por lo general, un número de teléfono que no está en formato E.164, un nombre que falta o un cliente que ya está en su cartera) y vuelva a subir solo esas filas.',
      },
      {
        heading: '"Límite de clientes alcanzado"',
        body: `El plan de Tarifa fija cubre ${FLAT_CLIENT_LIMIT} clientes activos. Active el excedente (${PRICES.overagePerClient} por cada cliente adicional), cambie a PMPM o desactive a los clientes que ya no atiende.`,
      },
      {
        heading: '"Prueba vencida"',
        body: 'Para enviar recordatorios y campañas, necesita una prueba gratuita vigente o una suscripción activa. Vaya a Facturación e inicie su suscripción; sus clientes y su configuración se conservan.',
        links: [{ label: 'Ir a Facturación', to: '/billing' }],
      },
      {
        heading: '"Se cerró su sesión"',
        body: 'Su sesión terminó. Se le lleva a la página de inicio de sesión: vuelva a iniciar sesión y continúe donde se quedó.',
      },
    ],
  },
];
