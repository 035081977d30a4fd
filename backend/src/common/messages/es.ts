import type { Messages } from './en.js';

/** Every word the product sends in Spanish, as used in the US (`en.ts` has the same keys). */
export const es: Messages = {
  locale: 'es-US',
  yourAgency: 'su agencia de seguros',
  YourAgency: 'Su agencia de seguros',
  theirAgency: 'su agencia de seguros',
  aClient: 'Un cliente',
  theyPronoun: 'alguno de ellos',
  yourFamilyMember: 'Su familiar',

  sms: {
    defaultReminder: 'Es hora de tomar su medicamento',
    confirmPrompt: 'Responda 1 o SÍ cuando lo haya tomado.',
    optOut: 'Responda ALTO para no recibir más mensajes.',
    campaignOptOut: 'Responda ALTO para no recibir más mensajes',
    started: 'Volverá a recibir nuestros mensajes de texto. Responda ALTO para no recibir más mensajes.',
    confirmed: 'Gracias. Anotamos que ya lo tomó.',
    stopped: (what: string) => `No recibirá más ${what} de nuestra parte. Responda START para volver a recibir mensajes de texto.`,
    channelNames: { voice: 'llamadas', sms: 'mensajes de texto', email: 'correos electrónicos' },
    and: 'ni',
    help: (agency: string, phone: string) =>
      `Recordatorios de ${agency}. Si necesita ayuda, llámenos${phone ? ` al ${phone}` : ''}. Responda ALTO para no recibir más mensajes.`,
    invitation: (agency: string, days: number, url: string) =>
      `${agency} le invita a su portal privado para sus medicamentos y recordatorios. Cree su cuenta aquí (el enlace funciona durante ${days} días): ${url} Responda ALTO para no recibir más mensajes.`,
    caregiverInvitation: (name: string, agency: string) =>
      `${name} le agregó como su cuidador para los recordatorios de ${agency}. Responda SÍ para recibir un mensaje si no confirma uno. Responda ALTO para no recibir más mensajes.`,
    caregiverAgreed: (name: string) =>
      `Gracias. Le enviaremos un mensaje si ${name} no confirma un recordatorio. Responda ALTO para no recibir más mensajes.`,
    renewal: (agency: string, when: string, link: string) =>
      `${agency}: Su permiso para que le contactemos sobre planes de Medicare ${when}. Para seguir recibiendo noticias nuestras, responda SÍ o abra ${link} Responda ALTO para no recibir más mensajes.`,
    renewed: (agency: string) =>
      `Gracias. ${agency} podrá seguir comunicándose con usted sobre planes de Medicare. Responda ALTO para no recibir más mensajes.`,
    disclaimer: (link: string) => `No ofrecemos todos los planes disponibles en su área. Información: ${link}`,
    passwordReset: (agency: string, code: string, username: string, minutes: number) =>
      `${agency}: Su código para cambiar la contraseña de su portal es ${code}. Su nombre de usuario es ${username}. El código funciona durante ${minutes} minutos. Si usted no lo pidió, no haga caso de este mensaje.`,
  },

  call: {
    voice: 'Polly.Lupe',
    language: 'es-US',
    hello: (agency: string) => `Hola, le llamamos de ${agency} con un recordatorio.`,
    prompt: 'Oprima 1 o diga sí para confirmar que recibió este mensaje. Oprima 9 para no recibir más estas llamadas.',
    yesHints: 'sí, si, claro, ya',
    goodbye: 'Gracias. Hasta luego.',
    confirmed: 'Gracias por confirmar. Hasta luego.',
    stopped: 'Ya no recibirá estas llamadas. Hasta luego.',
    bye: 'Hasta luego.',
    voicemail: (agency: string, phone: string) =>
      `Le llamamos de ${agency} con un recordatorio. Por favor, devuélvanos la llamada${phone ? ` al ${phone}` : ''} si necesita ayuda.`,
  },

  timeFormat: 'h:mm a',

  caregiver: {
    alert: (name: string, time: string, agency: string) => `${name} no ha confirmado el recordatorio de las ${time} de ${agency}.`,
    reason: (name: string) => `Recibe esto porque ${name} le agregó como su cuidador.`,
    privacy: (name: string) => `Solo sabrá la hora de un recordatorio que ${name} no confirmó, nunca de qué se trata.`,
    inviteSubject: (name: string) => `${name} le agregó como su cuidador`,
    inviteText: (name: string, agency: string) =>
      `${name} le agregó como su cuidador para los recordatorios de ${agency}. ¿Desea recibir un correo electrónico cuando ${name} no confirme uno?`,
    nothingElse: 'No le enviaremos nada más a menos que diga que sí.',
    answer: 'Responder',
    alertSubject: (name: string) => `${name} no ha confirmado un recordatorio`,
    yourEmails: 'Sus correos como cuidador',
    pageInvitedTitle: 'Invitación para ser cuidador',
    pageInvitedHeading: (name: string) => `${name} le agregó como su cuidador`,
    pageInvitedText: (name: string, agency: string) =>
      `${agency} envía recordatorios a ${name}. ¿Desea recibir un correo electrónico cuando ${name} no confirme uno?`,
    pageAgree: 'Sí, envíenme correos',
    pageDecline: 'No, gracias',
    pageActiveTitle: 'Correos como cuidador',
    pageActiveHeading: (name: string, thanks: boolean) =>
      `${thanks ? 'Gracias. ' : ''}Recibirá un correo electrónico si ${name} no confirma un recordatorio`,
    pageStop: 'No enviar más estos correos',
    pageStoppedTitle: 'Correos como cuidador cancelados',
    pageStoppedHeading: (name: string) => `No recibirá correos sobre los recordatorios de ${name}`,
    pageStoppedText: (name: string) => `Si cambia de opinión, pídale a ${name} que le agregue de nuevo.`,
    pageNotValid: 'Puede que no se haya copiado completo, o que el cuidador se haya eliminado.',
  },

  email: {
    campaignReason: (agency: string) => `Recibe este mensaje porque es cliente de ${agency}.`,
    unsubscribe: 'Cancelar suscripción',
    stopThese: 'No enviar más estos correos',
    renewalSubject: (agency: string) => `${agency}: ¿desea seguir recibiendo noticias nuestras?`,
    renewalText: (agency: string, when: string) =>
      `Su permiso para que ${agency} se comunique con usted sobre planes de Medicare ${when}. Para seguir recibiendo noticias nuestras, abra el enlace de abajo y elija “Sí, manténganme informado”.`,
    renewalButton: 'Sí, manténganme informado',
    renewalIfNothing: 'Si no hace nada, dejaremos de comunicarnos con usted sobre planes. Sus recordatorios no se ven afectados.',
    renewalReason: (agency: string) => `Recibe esto porque ${agency} se ha comunicado con usted sobre planes de Medicare.`,
    permissionEnded: (date: string) => `venció el ${date}`,
    permissionEnds: (date: string) => `vence el ${date}`,
    passwordResetSubject: (agency: string) => `${agency}: cambie la contraseña de su portal`,
    passwordResetText: (username: string, minutes: number) =>
      `Alguien pidió cambiar la contraseña de su portal de recordatorios (nombre de usuario: ${username}). Abra el enlace de abajo para elegir una contraseña nueva. Funciona una sola vez, durante ${minutes} minutos.`,
    passwordResetIgnore: 'Si usted no lo pidió, no haga caso de este correo: su contraseña sigue siendo la misma.',
  },

  pages: {
    notValidTitle: 'Enlace no válido',
    notValidHeading: 'Este enlace no es válido',
    notValidText: 'Puede que no se haya copiado completo.',
    unsubscribeTitle: 'Cancelar suscripción',
    unsubscribeHeading: (agency: string) => `¿Dejar de recibir correos de ${agency}?`,
    unsubscribeText:
      'Ya no recibirá correos como este. Las llamadas y los mensajes de texto de recordatorio que pidió no se ven afectados.',
    unsubscribeButton: 'Cancelar suscripción',
    unsubscribedTitle: 'Suscripción cancelada',
    unsubscribedHeading: 'Su suscripción está cancelada',
    unsubscribedText: (agency: string) => `${agency} no le volverá a enviar correos como este.`,
    renewTitle: (agency: string) => `¿Desea seguir recibiendo noticias de ${agency}?`,
    renewText: (agency: string) =>
      `A ${agency} le gustaría seguir comunicándose con usted sobre planes de Medicare por llamada, mensaje de texto y correo electrónico.`,
    renewYes: 'Sí, manténganme informado',
    renewNo: 'No, gracias',
    renewedTitle: 'Gracias',
    renewedText: (agency: string) =>
      `${agency} podrá seguir comunicándose con usted sobre planes de Medicare. Puede cancelarlo en cualquier momento.`,
    stopTitle: (agency: string) => `¿Dejar de recibir noticias de ${agency}?`,
    stopHeading: (agency: string) => `¿Dejar de recibir noticias de ${agency} sobre planes?`,
    stopText: 'Sus recordatorios no se ven afectados.',
    stopButton: 'Dejar de recibir',
    stoppedTitle: 'Cancelado',
    stoppedHeading: 'Listo',
    stoppedText: (agency: string) => `${agency} ya no se comunicará con usted sobre planes de Medicare.`,
  },
  pdf: {
    title: 'Historial de recordatorios de medicamentos',
    documentTitle: (client: string) => `Historial de recordatorios de medicamentos — ${client}`,
    prepared: (date: string, zone: string) => `Preparado el ${date} · horas en ${zone}`,
    remindersFrom: (agency: string) => `Recordatorios de ${agency}`,
    last30: (from: string, to: string) => `Últimos 30 días (${from} – ${to})`,
    allReminders: (line: string) => `Todos los recordatorios: ${line}`,
    noFigure: 'Todavía no ha terminado ningún recordatorio',
    notSent: (n: number) => `${n} sin enviar`,
    confirmedShare: (percent: number, confirmed: number, total: number) => `${percent} % confirmados (${confirmed} de ${total})`,
    last90: 'Todos los recordatorios de los últimos 90 días',
    none90: 'No se envió ningún recordatorio en los últimos 90 días.',
    medicationReminder: 'Recordatorio de medicamento',
    confirmedAt: (time: string) => ` a las ${time}`,
    tries: (n: number) => `${n} intentos`,
    outcomes: { confirmed: 'Confirmado', missed: 'No confirmado', skipped: 'No enviado', waiting: 'Esperando confirmación' },
    channels: { voice: 'Llamada', sms: 'Mensaje de texto' } as Record<string, string>,
    footnote: 'Confirmado: se respondió al recordatorio con 1 en la llamada o con 1 o SÍ al mensaje de texto.',
    dayFormat: "d 'de' LLL 'de' yyyy",
    occurrenceFormat: "ccc d 'de' LLL 'de' yyyy, h:mm a",
    timeFormat: 'h:mm a',
  },
};
