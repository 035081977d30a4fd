import type {
  ADMIN_HELP_TABS as EN_ADMIN_HELP_TABS,
  ADMIN_HELP_TEXTS as EN_ADMIN_HELP_TEXTS,
  ADMIN_PRIVACY_RULE as EN_ADMIN_PRIVACY_RULE,
} from '../../broker-app/backoffice/help/texts.ts';
import {
  BREAK_EVEN_CLIENTS,
  FLAT_CLIENT_LIMIT,
  formatCents,
  formatPrice,
  monthlyPriceCents,
  OVERAGE_EXAMPLE_CLIENTS,
  OVERAGE_PER_CLIENT_CENTS,
  PMPM_PER_CLIENT_CENTS,
  PRICES,
  SMS_COST_CENTS,
  VOICE_CALL_COST_CENTS,
} from '../../broker-app/billing/pricing.ts';
import type { Translation } from '../translation.ts';

/** The guide's worked example, the same as the English one: a Flat broker (overage on) and a PMPM broker. */
const EXAMPLE = (() => {
  const flatClients = 130;
  const pmpmClients = 40;
  const calls = 2_000;
  const texts = 500;
  const flatCents = monthlyPriceCents('flat', flatClients, true);
  const pmpmCents = monthlyPriceCents('pmpm', pmpmClients, false);
  return {
    flatClients,
    pmpmClients,
    calls,
    texts,
    flatCents,
    pmpmCents,
    mrrCents: flatCents + pmpmCents,
    callCents: calls * VOICE_CALL_COST_CENTS,
    textCents: texts * SMS_COST_CENTS,
  };
})();

/** Spanish of the admin guide (`broker-app/backoffice/help/texts.ts`). */
export const ADMIN_HELP_TEXTS: Translation<typeof EN_ADMIN_HELP_TEXTS> = {
  title: 'Guía del administrador',
  subtitle: 'Cómo administrar la plataforma: ingresos, agentes, pruebas gratuitas, recursos y operaciones diarias',
  tabsLabel: 'Secciones de la guía del administrador',
};

/** SPEC §1 Privacy rule, as it applies to admins. */
export const ADMIN_PRIVACY_RULE: Translation<typeof EN_ADMIN_PRIVACY_RULE> =
  'Los datos de medicamentos, la información de salud y los recordatorios creados por los clientes no están visibles para los agentes ni para los administradores. ' +
  'Los administradores pueden ver los recordatorios creados por los agentes, los datos de contacto de los clientes y las estadísticas agregadas.';

export const ADMIN_HELP_TABS: Translation<typeof EN_ADMIN_HELP_TABS> = [
  {
    id: 'quickstart',
    label: 'Inicio rápido',
    summary: 'Qué hace un administrador de la plataforma y dónde lo hace.',
    sections: [
      {
        heading: 'Su primer día como administrador',
        steps: [
          'Abra el Panel de administración: MRR, ARR, agentes por estado y por plan, ganancia neta del mes hasta la fecha y las pruebas gratuitas que terminan en los próximos 30 días.',
          'Vaya a Agentes para encontrar a cualquier agente por correo electrónico o nombre, filtrar por plan y estado, y abrir sus detalles.',
          'Desde los detalles de un agente, extienda su prueba gratuita o cambie el plan o el estado de su suscripción. Cada cambio queda registrado en el registro de auditoría y aparece en el historial de actividad del agente.',
          'En Recursos, suba guiones, plantillas y material de capacitación y de cumplimiento para todos los agentes; ellos descargan los recursos activos desde su propia página de Recursos.',
          'Hágalo parte de su rutina: revise el panel a diario y responda a los agentes en un plazo de 24 horas (consulte Operaciones).',
        ],
        links: [
          { label: 'Panel de administración', to: '/admin' },
          { label: 'Agentes', to: '/admin/brokers' },
          { label: 'Recursos', to: '/admin/resources' },
        ],
      },
      {
        heading: 'Quién es administrador',
        body: 'Un administrador da acceso de administrador en la página Administradores, con el correo electrónico de una persona que haya iniciado sesión al menos una vez, y ahí quita el acceso de otro administrador (nunca el suyo). El primer administrador se crea desde el servidor con este comando:',
        code: 'npm run admin:grant -- EMAIL',
        bullets: [
          'npm run admin:revoke -- EMAIL vuelve a quitar los permisos. Cada cambio hecho en la página Administradores queda en el registro de auditoría.',
          'El grupo Administración de la barra lateral solo aparece para los administradores. Un agente que abre una página de administración ve No autorizado, y el servidor rechaza toda solicitud de administración que venga de un agente.',
        ],
      },
      {
        heading: 'Lo que los administradores pueden ver y lo que no',
        bullets: [
          'Usted ve la cuenta, el plan, el estado y la fecha de fin de la prueba gratuita de cada agente; los datos de contacto de sus clientes (nombre, correo electrónico, teléfono, si está activo o inactivo, fecha de alta); los recordatorios que crean los agentes; y estadísticas agregadas, como la retención y las llamadas completadas.',
          'Usted nunca ve los medicamentos de los clientes, su información de salud ni los recordatorios que los clientes crean para sí mismos en su portal. Ninguna página de administración ni respuesta de la API de administración los contiene.',
        ],
        note: { severity: 'info', text: ADMIN_PRIVACY_RULE },
      },
    ],
  },
  {
    id: 'dashboard',
    label: 'Panel',
    summary: 'Qué significa cada cifra del Panel de administración y cómo la calcula el servidor.',
    sections: [
      {
        heading: 'Las cifras',
        bullets: [
          `MRR (ingresos recurrentes mensuales): lo que aportan al mes los planes de los agentes según sus clientes activos de hoy. Tarifa fija: ${PRICES.flatMonthly}, más ${PRICES.overagePerClient} por cada cliente activo por encima de ${FLAT_CLIENT_LIMIT} cuando el excedente está activado. PMPM: ${PRICES.pmpmPerClient} por cliente activo. Los agentes en prueba gratuita o cancelados no aportan nada; los agentes con pago vencido sí cuentan, porque se les sigue facturando.`,
          'ARR (ingresos recurrentes anuales): MRR × 12.',
          'Ingresos totales: los ingresos de este mes de los agentes que pagan (el mismo monto que el MRR).',
          'Ganancia neta (del mes hasta la fecha): ingresos − costos de telefonía registrados este mes − costos operativos.',
          'Agentes activos: estado Activo. Agentes en prueba: en la prueba gratuita. Total de agentes: todas las cuentas de agente (no se cuentan los administradores).',
        ],
      },
      {
        heading: 'Distribución por plan y desglose de ingresos',
        bullets: [
          'El gráfico cuenta los agentes por plan: PMPM, Tarifa fija y Prueba. Un agente en prueba gratuita cuenta como Prueba, sin importar el plan que haya elegido; todos los demás cuentan en su plan. La tabla debajo del gráfico muestra los mismos conteos y porcentajes.',
          'El desglose de ingresos muestra los ingresos de cada plan (Prueba siempre es $0) y luego los ingresos totales, los costos totales y la ganancia neta.',
        ],
      },
      {
        heading: 'Próximos vencimientos de pruebas',
        bullets: [
          'Las pruebas gratuitas que terminan en los próximos 30 días, de la más próxima a la más lejana. Se muestran las primeras 5; la página Agentes, filtrada por el estado Prueba, muestra a todos los agentes en prueba gratuita.',
          'Los días restantes son días completos, redondeados hacia arriba. Una insignia roja marca las pruebas a las que les quedan 7 días o menos.',
          'Extender agrega de 1 a 90 días (7 de manera predeterminada; opciones rápidas de 7, 14 y 30 días).',
          'Pasar a pago termina la prueba gratuita y deja al agente en estado Activo con el plan que tiene ahora, después de que usted lo confirme.',
          'Seleccione el correo electrónico de un agente para abrir sus detalles.',
        ],
        note: { severity: 'info', text: 'Las cifras se obtienen al abrir la página. Use Actualizar para obtenerlas de nuevo.' },
      },
    ],
  },
  {
    id: 'brokers',
    label: 'Agentes',
    summary: 'Encuentre a un agente, consulte su cuenta y cambie su prueba gratuita o su suscripción.',
    sections: [
      {
        heading: 'Cómo encontrar a un agente',
        bullets: [
          'Busque por correo electrónico o nombre; los resultados se actualizan mientras escribe.',
          'Filtre por plan (PMPM, Tarifa fija, Todos) y por estado (Prueba, Activo, Pago vencido, Cancelado, Todos).',
          'La tabla muestra el correo electrónico, el plan, el estado, el número de clientes, los ingresos mensuales y la última actividad. La última actividad es la más reciente entre el último inicio de sesión del agente y la última llamada o mensaje de texto de recordatorio enviado en su nombre.',
          'El menú de cada fila ofrece Ver detalles, Extender prueba (solo para agentes en prueba gratuita) y Cambiar suscripción.',
        ],
        links: [{ label: 'Agentes', to: '/admin/brokers' }],
      },
      {
        heading: 'Los detalles de un agente',
        bullets: [
          'El encabezado: nombre, correo electrónico, ID de la cuenta, plan, estado y la fecha en que se creó la cuenta.',
          'Cuatro tarjetas: Total de clientes (activos/total), Ingresos mensuales (con la nota del excedente), Tasa de retención (con la tasa de llamadas completadas) y Estado de la prueba (fecha de fin) o el inicio de la suscripción.',
          'Administración de la suscripción: Cambiar suscripción y, mientras el agente esté en prueba gratuita, Extender prueba.',
          'El historial de actividad: las últimas 20 acciones de administradores sobre este agente, de la más reciente a la más antigua.',
          'La tabla de clientes: nombre, correo electrónico, teléfono, estado (Activo o Inactivo) y fecha de alta — solo datos de contacto.',
        ],
      },
      {
        heading: 'Estados de la suscripción',
        bullets: [
          'Prueba: la prueba gratuita de 30 días, con acceso completo y sin tarjeta de crédito.',
          'Activo: una suscripción pagada.',
          'Pago vencido: no se pudo procesar un pago. Por lo general es temporal: cuando el agente actualiza su método de pago, el plan continúa.',
          'Cancelado: la suscripción se terminó intencionalmente. Para restablecerla, cambie el estado a Activo y verifique el método de pago del agente.',
        ],
        note: {
          severity: 'info',
          text: 'Para enviar recordatorios y campañas, los agentes necesitan el estado Prueba (con una prueba gratuita que no haya terminado) o Activo. Su página de Facturación sigue disponible para que puedan iniciar su suscripción.',
        },
      },
      {
        heading: 'Cómo extender una prueba gratuita',
        steps: [
          'Elija Extender en el panel, Extender prueba en el menú de la fila del agente o Extender prueba en sus detalles.',
          'Ingrese de 1 a 90 días, o elija 7, 14 o 30.',
          'Confirme. La fecha de fin se adelanta de inmediato: a partir de la fecha de fin actual o, si la prueba ya terminó, a partir de hoy.',
        ],
        note: { severity: 'warning', text: 'Solo se puede extender la prueba de los agentes cuyo estado es Prueba.' },
      },
      {
        heading: 'Cómo cambiar una suscripción',
        bullets: [
          'Elija un nuevo plan (PMPM o Tarifa fija), un nuevo estado, o ambos; solo cambia lo que usted elija.',
          'Los cambios se aplican de inmediato, con prorrateo automático por parte del proveedor de pagos.',
          'Al pasar a un agente a PMPM, se desactiva la facturación del excedente: PMPM no tiene límite de clientes.',
          'Con la facturación de Stripe, si un agente restablecido no tiene una suscripción de Stripe vigente, la confirmación lo indica: pídale al agente que elija un plan en su página de Facturación para configurar el pago.',
        ],
      },
      {
        heading: 'El registro de auditoría',
        body: 'Cada cambio de un administrador — extensiones y fechas de fin de prueba, cambios de suscripción, suspensiones, acceso de administrador, recursos subidos, ediciones, activaciones, cambios de uso compartido y eliminaciones — se escribe en el registro de auditoría junto con el propio cambio. Cada entrada registra la acción, el administrador que la realizó, las notas y los valores anteriores y posteriores. En el registro solo se pueden agregar entradas: la base de datos se niega a editar o eliminar una entrada. La página Registro de auditoría las muestra todas con filtros y exportación a CSV; los detalles de un agente muestran las últimas 20 entradas sobre él.',
      },
      {
        heading: 'Terminar una prueba en una fecha y suspender a un agente',
        bullets: [
          'Fijar fin de la prueba elige el día en que termina la prueba; hoy o un día pasado la termina ahora, y al agente se le pide elegir un plan en su siguiente acción.',
          'Suspender agente (con un motivo) detiene de inmediato su inicio de sesión, sus tokens de API, sus recordatorios y sus campañas; los recordatorios propios de sus clientes siguen saliendo. Lo que vence durante la suspensión no se envía después. Reactivar lo devuelve todo.',
        ],
      },
    ],
  },
  {
    id: 'revenue',
    label: 'Ingresos',
    summary: 'La lista de precios y cómo se calculan los ingresos, los costos y la ganancia.',
    sections: [
      {
        heading: 'Planes',
        bullets: [
          `Tarifa fija: ${PRICES.flatMonthly} al mes por hasta ${FLAT_CLIENT_LIMIT} clientes activos. Excedente opcional: ${PRICES.overagePerClient} al mes por cada cliente activo por encima de ${FLAT_CLIENT_LIMIT} (${OVERAGE_EXAMPLE_CLIENTS} clientes de más: ${formatPrice(OVERAGE_EXAMPLE_CLIENTS * OVERAGE_PER_CLIENT_CENTS)}).`,
          `PMPM: ${formatCents(PMPM_PER_CLIENT_CENTS)} por cliente activo al mes, sin límite de clientes.`,
          `Punto de equilibrio: ${BREAK_EVEN_CLIENTS} clientes. Con menos de ${BREAK_EVEN_CLIENTS} clientes activos, PMPM le cuesta menos a un agente; a partir de ${BREAK_EVEN_CLIENTS}, le cuesta menos la Tarifa fija.`,
          'Prueba gratuita: 30 días, sin tarjeta de crédito, con acceso completo. Una prueba gratuita no genera ingresos.',
        ],
      },
      {
        heading: 'Las fórmulas',
        code: [
          `MRR           = agentes con Tarifa fija × ${PRICES.flatMonthly} + agentes PMPM × ${PRICES.pmpmPerClient} × clientes activos + excedentes`,
          'ARR           = MRR × 12',
          'Ganancia neta = ingresos − costos de telefonía − costos operativos',
        ].join('\n'),
        bullets: [
          'Solo cuentan los clientes activos: un cliente desactivado no le cuesta nada al agente.',
          'Los agentes activos y los que tienen pago vencido cuentan para los ingresos; los agentes en prueba gratuita y los cancelados, no.',
        ],
      },
      {
        heading: 'Costos',
        bullets: [
          `Telefonía: alrededor de ${PRICES.voiceCall} por llamada de recordatorio y ${PRICES.sms} por mensaje de texto, registrados con cada envío de este mes.`,
          'Costos operativos: un monto mensual fijo definido en el servidor (OPERATING_COSTS_MONTHLY_CENTS), que se resta cada mes.',
          'Los costos vuelven a empezar desde cero el día 1 de cada mes; el MRR y el ARR siempre reflejan los planes tal como están hoy.',
        ],
      },
      {
        heading: 'Un ejemplo práctico',
        bullets: [
          `Un agente con plan de Tarifa fija, ${EXAMPLE.flatClients} clientes activos y el excedente activado: ${PRICES.flatMonthly} + ${EXAMPLE.flatClients - FLAT_CLIENT_LIMIT} × ${PRICES.overagePerClient} = ${formatPrice(EXAMPLE.flatCents)} al mes.`,
          `Un agente con plan PMPM y ${EXAMPLE.pmpmClients} clientes activos: ${EXAMPLE.pmpmClients} × ${PRICES.pmpmPerClient} = ${formatPrice(EXAMPLE.pmpmCents)} al mes.`,
          `En total: MRR de ${formatPrice(EXAMPLE.mrrCents)} y ARR de ${formatPrice(EXAMPLE.mrrCents * 12)}. Con ${EXAMPLE.calls.toLocaleString('en-US')} llamadas de recordatorio (${formatPrice(EXAMPLE.callCents)}) y ${EXAMPLE.texts} mensajes de texto (${formatPrice(EXAMPLE.textCents)}) este mes y sin costos operativos, la ganancia neta es de ${formatPrice(EXAMPLE.mrrCents - EXAMPLE.callCents - EXAMPLE.textCents)}.`,
        ],
      },
      {
        heading: 'Los ingresos en la página Agentes',
        body: `La lista de agentes y los detalles de cada agente muestran lo que aporta el plan de la cuenta según su número de clientes — PMPM: ${PRICES.pmpmPerClient} × clientes; Tarifa fija: ${PRICES.flatMonthly} más ${PRICES.overagePerClient} por cada cliente por encima de ${FLAT_CLIENT_LIMIT} —, también mientras el agente está en prueba gratuita, para que usted vea cuánto valdría esa prueba.`,
      },
    ],
  },
  {
    id: 'resources',
    label: 'Recursos',
    summary: 'Comparta guiones, plantillas y material de capacitación y de cumplimiento con todos los agentes.',
    sections: [
      {
        heading: 'Cómo subir un recurso',
        steps: [
          'En Recursos, elija Subir recurso.',
          'Elija el archivo e ingrese un título (ambos son obligatorios). Si lo desea, agregue una descripción y una categoría; si no elige una, el recurso queda en General.',
          'Elija Subir. El recurso se activa de inmediato, así que los agentes lo ven en su página de Recursos.',
        ],
        bullets: [
          'Categorías: Guiones de venta, Plantillas, Materiales de capacitación, Cumplimiento y Marketing, además de General.',
          'Archivos: PDF, documentos de Word (DOCX) y los demás formatos de Office, imágenes (PNG, JPEG, WebP, GIF) y video (MP4, WebM), de hasta 200 MB de manera predeterminada. El servidor revisa el contenido de cada archivo, no solo su nombre.',
        ],
        links: [{ label: 'Recursos', to: '/admin/resources' }],
      },
      {
        heading: 'Activos e inactivos',
        body: 'Desactive un recurso para ocultarlo a los agentes sin eliminarlo; vuelva a activarlo para que esté disponible otra vez. Los recursos inactivos permanecen en su lista, marcados como tales.',
      },
      {
        heading: 'Enlaces públicos',
        bullets: [
          'Haga público un recurso para obtener un enlace que cualquier persona puede abrir sin iniciar sesión, por ejemplo, en un correo electrónico a un posible cliente. Copiar enlace lo copia.',
          'Un recurso privado muestra la insignia Privado; solo los agentes que hayan iniciado sesión pueden descargarlo.',
          'Un enlace público deja de funcionar en cuanto el recurso se hace privado o se desactiva.',
        ],
      },
      {
        heading: 'Cómo editar y eliminar',
        bullets: [
          'Editar cambia el título, la descripción y la categoría.',
          'No se puede reemplazar un archivo: para cambiarlo, elimine el recurso y suba el archivo nuevo.',
          'La eliminación es permanente: el recurso y su archivo guardado se borran y no se pueden recuperar.',
          'Cada subida, edición, cambio de estado, cambio de uso compartido y eliminación queda anotado en el registro de auditoría.',
        ],
        note: {
          severity: 'warning',
          text: 'La eliminación de un recurso no se puede deshacer. Para dejar de usarlo por ahora, desactívelo en lugar de eliminarlo.',
        },
      },
    ],
  },
  {
    id: 'operations',
    label: 'Operaciones',
    summary: 'La rutina que mantiene a los agentes en la plataforma y a la plataforma en buen estado.',
    sections: [
      {
        heading: 'Todos los días',
        steps: [
          'Revise el Panel de administración: el MRR, la ganancia neta y las pruebas gratuitas que terminan pronto.',
          'Revise las pruebas a las que les quedan 7 días o menos (insignia roja). Comuníquese con el agente; extienda la prueba si necesita más tiempo para decidir, o páselo a pago cuando ya haya elegido un plan.',
          'En Agentes, filtre por el estado Pago vencido y recuérdeles a esos agentes que actualicen su método de pago.',
          'Responda a los agentes en un plazo de 24 horas.',
        ],
        links: [
          { label: 'Panel de administración', to: '/admin' },
          { label: 'Agentes', to: '/admin/brokers' },
        ],
      },
      {
        heading: 'Todas las semanas',
        bullets: [
          'Busque a los agentes cuya última actividad es antigua y ofrézcales ayuda para empezar: los agentes que usan recordatorios y campañas conservan a sus clientes.',
          'Mantenga actualizada la biblioteca de recursos: desactive los guiones y documentos de cumplimiento desactualizados y suba las versiones nuevas.',
          'Vigile los costos frente a los ingresos: los costos de telefonía crecen con el número de llamadas y mensajes de texto de recordatorio.',
        ],
      },
      {
        heading: 'Antes del Período de Inscripción Anual (AEP)',
        bullets: [
          'Suba los guiones, las plantillas y el material de cumplimiento de este año, y desactive los del año pasado.',
          'Verifique que todos los agentes que dependen de la plataforma estén en estado Activo, y no en una prueba gratuita por terminar ni con pago vencido, para que sus recordatorios y campañas se sigan enviando.',
        ],
      },
    ],
  },
  {
    id: 'help',
    label: 'Ayuda',
    summary: 'Solución de problemas y qué revisar primero.',
    sections: [
      {
        heading: 'Los ingresos son negativos o parecen incorrectos',
        steps: [
          'Verifique el número de clientes de los agentes en cuestión.',
          'Revise si hay clientes desactivados: solo los clientes activos cuentan para los ingresos.',
          'Vuelva a calcular: elija Actualizar en el Panel de administración para volver a calcular las cifras con los datos actuales.',
          'Revise en los registros de auditoría si hubo cambios recientes de plan o de estado.',
        ],
        note: {
          severity: 'info',
          text: 'La ganancia neta puede ser negativa por una buena razón: los costos se cuentan para todos los agentes, mientras que los agentes en prueba gratuita no generan ingresos.',
        },
      },
      {
        heading: 'No se puede extender una prueba gratuita',
        bullets: [
          'Verifique el estado de la prueba: solo se puede extender la prueba de un agente cuyo estado es Prueba ("Solo se puede extender la prueba de los agentes en período de prueba").',
          'Verifique que los días sean positivos: un número entero de 1 a 90.',
        ],
      },
      {
        heading: 'Un agente no tiene acceso a algunas funciones',
        bullets: [
          'Revise su estado: necesita Prueba o Activo.',
          'Revise el vencimiento de la prueba: cuando ya pasó la fecha de fin de la prueba gratuita, los recordatorios y las campañas se rechazan con "Su prueba gratuita ha vencido. Inicie su suscripción para continuar." Extienda la prueba o pase al agente a pago.',
          'Pago vencido: pídale que actualice su método de pago. Cancelado: cambie el estado a Activo una vez que se verifique su método de pago.',
        ],
      },
      {
        heading: 'Alguien no puede abrir las páginas de administración',
        body: 'Solo los administradores pueden hacerlo. Otro administrador lo agrega en la página Administradores con el correo electrónico con el que inició sesión (debe haber iniciado sesión al menos una vez); el primer administrador se crea desde el servidor con npm run admin:grant -- EMAIL.',
      },
      {
        heading: 'Cómo ayudar a los agentes',
        bullets: [
          'Responda a los agentes en un plazo de 24 horas.',
          'Los agentes tienen su propia guía en Ayuda, con inicio rápido, clientes, recordatorios, campañas, recursos, configuración y solución de problemas.',
        ],
        links: [{ label: 'Guía para agentes', to: '/help' }],
      },
    ],
  },
];
