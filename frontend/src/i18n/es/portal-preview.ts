import type {
  PREVIEW_TEXTS as EN_PREVIEW_TEXTS,
  SAMPLE_MEDICATIONS as EN_SAMPLE_MEDICATIONS,
  SAMPLE_REMINDERS as EN_SAMPLE_REMINDERS,
} from '../../broker-app/portal-preview/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the client portal preview (`broker-app/portal-preview/texts.ts`). */
export const PREVIEW_TEXTS: Translation<typeof EN_PREVIEW_TEXTS> = {
  portalPreview: 'Vista previa del portal del cliente',
  logo: (agency) => `Logotipo de ${agency}`,
  title: 'Vista previa del portal del cliente',
  subtitle: 'Este es el portal privado que ven sus clientes después de aceptar su invitación.',
  sampleNotice:
    'Datos de ejemplo: el cliente, los medicamentos y los recordatorios de abajo son ejemplos. Los medicamentos y recordatorios de sus clientes son privados y nunca se le muestran a usted.',
  defaultAgency: 'Su equipo de atención médica',
  help: 'Ayuda',
  signOut: 'Cerrar sesión',
  welcome: (firstName: string) => `¡Bienvenido, ${firstName}!`,
  welcomeSub: 'Lleve el control de sus medicamentos y no olvide ninguna dosis.',
  fromAgency: (agency: string) => `Un mensaje de ${agency}`,
  myMedications: 'Mis medicamentos',
  addMedication: 'Agregar medicamento',
  privacyNotice: 'La información de sus medicamentos es privada. Solo usted puede verla; ni su agente ni su agencia tienen acceso a ella.',
  myReminders: 'Mis recordatorios',
  scheduleReminder: 'Programar recordatorio',
  upcomingReminders: 'Próximos recordatorios',
  footer: (agency: string) => `© ${agency}. Su información se mantiene privada y segura.`,
  previewOnly: 'Solo vista previa',
};

/** The sample medications, in Spanish where they are words (names and doses stay). */
export const SAMPLE_MEDICATIONS: Translation<typeof EN_SAMPLE_MEDICATIONS> = [
  {
    id: 'm1',
    name: 'Lisinopril',
    dosage: '10 mg',
    frequency: 'Una vez al día',
    instructions: 'Tomar por la mañana con agua',
  },
  { id: 'm2', name: 'Metformin', dosage: '500 mg', frequency: 'Dos veces al día', instructions: 'Tomar con alimentos' },
  { id: 'm3', name: 'Atorvastatin', dosage: '20 mg', frequency: 'Una vez al día', instructions: 'Tomar por la noche' },
];

/** The sample reminders, in Spanish (`status` is a code and stays). */
export const SAMPLE_REMINDERS: Translation<typeof EN_SAMPLE_REMINDERS> = [
  { id: 'r1', message: 'Medicamentos de la mañana', schedule: 'Todos los días a las 8:00 a. m.', status: 'pending' },
  { id: 'r2', message: 'Medicamentos de la noche', schedule: 'Todos los días a las 7:00 p. m.', status: 'pending' },
  {
    id: 'r3',
    message: 'Pedir el resurtido a la farmacia',
    schedule: 'Cada 4 semanas, el lunes a las 10:00 a. m.',
    status: 'completed',
  },
];
