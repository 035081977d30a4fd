import type {
  ROLE_DESCRIPTIONS as EN_ROLE_DESCRIPTIONS,
  ROLE_NAMES as EN_ROLE_NAMES,
  TEAM_TEXTS as EN_TEAM_TEXTS,
} from '../../broker-app/team/texts.ts';
import { INVITATION_DAYS } from '../../broker-app/team/texts.ts';
import { plural } from '../../broker-app/ui/format.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the Team page (`broker-app/team/texts.ts`); the role names as the invitation e-mail says them. */
export const ROLE_NAMES: Translation<typeof EN_ROLE_NAMES> = {
  owner: 'Propietario',
  agent: 'Agente',
  assistant: 'Asistente',
  read_only: 'Solo lectura',
};

export const ROLE_DESCRIPTIONS: Translation<typeof EN_ROLE_DESCRIPTIONS> = {
  owner: 'Todo, incluidos la facturación, la marca, el equipo y los tokens de la API.',
  agent: 'Trabaja con clientes, recordatorios y campañas: agrega, importa, exporta y envía campañas.',
  assistant:
    'Agrega, importa y edita clientes, programa recordatorios y prepara campañas. Sin facturación, exportaciones, envíos ni equipo.',
  read_only: 'Ve todo lo que ve la agencia y no cambia nada: para quien revisa el cumplimiento.',
};

const clients = (n: number) => plural(n, 'cliente');

export const TEAM_TEXTS: Translation<typeof EN_TEAM_TEXTS> = {
  title: 'Equipo',
  subtitle: 'Las personas que trabajan en su agencia y lo que cada una puede hacer.',
  seatsFree: 'Los puestos son gratuitos: invite a todas las personas que su agencia necesite.',
  invite: 'Invitar a un miembro',
  loadFailed: 'No se pudo cargar su equipo',
  retry: 'Intentar de nuevo',
  membersTitle: 'Miembros',
  rolesTitle: 'Roles',
  settingsTitle: 'Cómo trabaja el equipo',
  assignedOnly: 'Los agentes ven solo los clientes que tienen asignados',
  assignedOnlyHelp:
    'Los propietarios, los asistentes y los miembros de solo lectura siempre ven toda la cartera; con esta opción activada, cada agente ve solo los clientes que tiene asignados. Un cambio se aplica desde el próximo clic del agente.',
  settingOn: 'Activada',
  settingOff: 'Desactivada',
  assignedOnlyOwners: 'Solo un propietario puede cambiar esta opción.',
  assignedOnlySaved: (on: boolean) =>
    on ? 'Ahora los agentes ven solo los clientes que tienen asignados.' : 'Ahora los agentes ven todos los clientes de la agencia.',
  settingsFailed: 'No se pudo cambiar la opción',
  columns: {
    person: 'Persona',
    role: 'Rol',
    status: 'Estado',
    clients: 'Clientes',
    lastSignIn: 'Último inicio de sesión',
    actions: 'Acciones',
  },
  you: 'Usted',
  noName: 'Sin nombre todavía',
  statusActive: 'Activo',
  statusInvited: (until: string) => `Invitado, el enlace funciona hasta el ${until}`,
  statusExpired: 'La invitación venció',
  never: 'Nunca',
  clientsCount: clients,
  changeRole: 'Cambiar el rol',
  changeRoleLabel: (name: string) => `Cambiar el rol de ${name}`,
  resend: 'Enviar de nuevo',
  resendLabel: (name: string) => `Enviar de nuevo la invitación a ${name}`,
  remove: 'Quitar',
  removeLabel: (name: string) => `Quitar a ${name}`,
  withdraw: 'Retirar',
  withdrawLabel: (name: string) => `Retirar la invitación a ${name}`,

  inviteTitle: 'Invitar a un miembro',
  inviteIntro: `Le enviamos por correo un enlace que funciona durante ${INVITATION_DAYS} días. La persona lo acepta al iniciar sesión.`,
  emailLabel: 'Correo electrónico',
  emailRequired: 'Escriba un correo electrónico',
  emailInvalid: 'Escriba un correo electrónico como nombre@agencia.com',
  roleLabel: 'Rol',
  cancel: 'Cancelar',
  send: 'Enviar la invitación',
  sendFailed: 'No se pudo enviar la invitación',
  alreadyMember: 'Esta persona ya es miembro de su agencia',

  sentTitle: 'Invitación enviada',
  sentBody: (email: string) =>
    `Enviamos a ${email} un enlace que funciona durante ${INVITATION_DAYS} días. También puede enviarle usted mismo este enlace:`,
  linkLabel: 'Enlace de la invitación',
  copy: 'Copiar el enlace',
  copied: 'Enlace copiado',
  done: 'Listo',
  resent: (email: string) => `Se envió una nueva invitación a ${email}. El enlace anterior ya no funciona.`,
  resendFailed: 'No se pudo enviar la invitación de nuevo',

  roleTitle: (name: string) => `Cambiar el rol de ${name}`,
  save: 'Guardar',
  roleSaved: (name: string, role: string) => `${name} ahora tiene el rol ${role}. Se aplica desde su próximo clic.`,
  roleFailed: 'No se pudo cambiar el rol',
  lastOwner: 'Su agencia conserva al menos un propietario: primero haga propietario a otro miembro.',

  removeTitle: (name: string) => `¿Quitar a ${name}?`,
  removeBody: 'Su sesión se cierra de inmediato y sus tokens de la API dejan de funcionar. Lo que hizo queda en los registros.',
  reassignLabel: (n: number) => `${n === 1 ? 'Su' : 'Sus'} ${clients(n)} ${n === 1 ? 'pasa' : 'pasan'} a`,
  removeConfirm: 'Quitar',
  removed: (name: string, n: number, to: string) =>
    n > 0 ? `Se quitó a ${name}. ${n === 1 ? 'Su' : 'Sus'} ${clients(n)} ahora ${n === 1 ? 'es' : 'son'} de ${to}.` : `Se quitó a ${name}.`,
  withdrawTitle: (email: string) => `¿Retirar la invitación a ${email}?`,
  withdrawBody: 'Su enlace deja de funcionar de inmediato.',
  withdrawConfirm: 'Retirar',
  withdrawn: (email: string) => `Se retiró la invitación a ${email}.`,
  removeFailed: 'No se pudo quitar al miembro',
};
