import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';

import { PASSWORD_MAX_LENGTH } from '../auth/passwords.js';
import { languageOfHeader } from '../common/language.js';
import { MAX_CAREGIVERS } from './caregiver.entity.js';
import { CAREGIVER_MESSAGES } from './caregivers.service.js';
import { CLIENT_AUTH_MESSAGES } from './client-auth.service.js';
import { ATTEMPTS_PER_OCCURRENCE, RETRY_AFTER_MINUTES } from './client-reminder.entity.js';
import { CLIENT_REMINDER_MESSAGES } from './client-reminders.service.js';
import { PASSWORD_RESET_MESSAGES } from './password-resets.service.js';

/**
 * The client portal's answers in Spanish, for a portal shown in Spanish (it asks with
 * `Accept-Language: es`). Each English message set has its Spanish twin with the same keys.
 */
const SPANISH: [Record<string, string>, Record<string, string>][] = [
  [
    CLIENT_AUTH_MESSAGES,
    {
      invalidInvitationLookup: 'La invitación no es válida o venció',
      missingFields: 'Faltan datos',
      missingToken: 'Falta el código de la invitación',
      invalidInvitation: 'La invitación no es válida',
      passwordTooShort: 'La contraseña es demasiado corta',
      passwordTooLong: `La contraseña debe tener como máximo ${PASSWORD_MAX_LENGTH} caracteres`,
      passwordCommon: 'Esa contraseña es demasiado común. Por favor, elija otra.',
      usernameFormat: 'El nombre de usuario debe tener de 3 a 64 caracteres: letras, números y . _ - @',
      usernameTaken: 'Ese nombre de usuario ya está en uso. Por favor, elija otro.',
      alreadyRegistered: 'Este cliente ya tiene una cuenta. Por favor, inicie sesión.',
      invitationUsed: 'Ya tiene una cuenta: inicie sesión con su nombre de usuario y su contraseña.',
      invalidCredentials: 'Nombre de usuario o contraseña incorrectos',
    } satisfies Record<keyof typeof CLIENT_AUTH_MESSAGES, string>,
  ],
  [
    PASSWORD_RESET_MESSAGES,
    {
      missingIdentifier: 'Escriba su nombre de usuario, su número de teléfono o su correo electrónico',
      missingSecret: 'Escriba el código del mensaje de texto, o abra el enlace del correo electrónico',
      invalid: 'Este código o enlace ya no es válido. Pida uno nuevo.',
    } satisfies Record<keyof typeof PASSWORD_RESET_MESSAGES, string>,
  ],
  [
    CAREGIVER_MESSAGES,
    {
      nameRequired: 'El nombre es obligatorio',
      nameTooLong: 'El nombre debe tener como máximo 100 caracteres',
      relationshipTooLong: 'La relación debe tener como máximo 60 caracteres',
      contactRequired: 'Escriba un número de celular o un correo electrónico',
      contactBoth: 'Escriba un número de celular o un correo electrónico, no ambos',
      phoneInvalid: 'Escriba un número de celular válido de EE. UU.',
      emailInvalid: 'Escriba un correo electrónico válido',
      ownNumber: 'Este es su propio número: escriba el de su cuidador',
      ownEmail: 'Este es su propio correo electrónico: escriba el de su cuidador',
      duplicate: 'Este número ya está en su lista',
      duplicateEmail: 'Este correo electrónico ya está en su lista',
      tooMany: `Puede tener como máximo ${MAX_CAREGIVERS} cuidadores`,
      notFound: 'No se encontró el cuidador',
    } satisfies Record<keyof typeof CAREGIVER_MESSAGES, string>,
  ],
  [
    CLIENT_REMINDER_MESSAGES,
    {
      dateRequired: 'La fecha y la hora son obligatorias',
      invalidDate: 'La fecha o la hora no son válidas',
      pastDate: 'La hora programada debe ser en el futuro',
      invalidZone: 'La zona horaria no es válida',
      intervalTooSmall: 'El intervalo debe ser de al menos 1',
      invalidDays: 'Los días deben ser días de la semana',
      daysOnlyWeekly: 'Los días solo se eligen en recordatorios semanales',
      invalidEndDate: 'La fecha final debe ser el día del primer recordatorio o después',
      messageTooLong: 'El mensaje debe tener como máximo 300 caracteres',
      notPending: 'Solo se pueden eliminar los recordatorios pendientes',
      notPausable: 'Solo se puede pausar un recordatorio que todavía tiene una hora por delante',
      nothingLeft: 'A este recordatorio ya no le queda ninguna hora: programe uno nuevo',
      retryAfter: `La espera debe ser un número entero de ${RETRY_AFTER_MINUTES.min} a ${RETRY_AFTER_MINUTES.max} minutos`,
      maxAttempts: `Los intentos deben ser un número entero de ${ATTEMPTS_PER_OCCURRENCE.min} a ${ATTEMPTS_PER_OCCURRENCE.max}`,
      retryChannel: 'El canal del nuevo intento no es válido',
    } satisfies Record<keyof typeof CLIENT_REMINDER_MESSAGES, string>,
  ],
];

const TABLE = new Map<string, string>(
  SPANISH.flatMap(([english, spanish]) => Object.entries(english).map(([key, text]) => [text, spanish[key]] as [string, string])),
);
const TOO_MANY = /^Too many failed sign-in attempts\. Please try again in (\d+) minutes?\.$/;

/** The Spanish of an English portal message, when there is one. */
export function inSpanish(message: string): string | undefined {
  const throttled = TOO_MANY.exec(message);
  if (throttled) {
    const minutes = Number(throttled[1]);
    return `Demasiados intentos fallidos. Por favor, vuelva a intentarlo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`;
  }
  return TABLE.get(message);
}

/**
 * Client routes answer their errors in Spanish when the portal asks in Spanish; the status, the
 * fields and everything else stay as they were.
 */
@Injectable()
export class SpanishErrorsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const portal = /^\/api\/client[/-]/.test(request.originalUrl ?? '');
    if (!portal || languageOfHeader(request.get?.('accept-language')) !== 'es') return next.handle();
    return next.handle().pipe(catchError((error: unknown) => throwError(() => translated(error))));
  }
}

function translated(error: unknown): unknown {
  if (!(error instanceof HttpException)) return error;
  const response = error.getResponse();
  const body: Record<string, unknown> = typeof response === 'string' ? { message: response } : { ...(response as Record<string, unknown>) };
  const spanish = typeof body.message === 'string' ? inSpanish(body.message) : undefined;
  if (!spanish) return error;
  body.message = spanish;
  if (body.errors && typeof body.errors === 'object')
    body.errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, text]) => [field, typeof text === 'string' ? (inSpanish(text) ?? text) : text]),
    );
  const copy = new HttpException(body, error.getStatus());
  const headers = (error as { headers?: unknown }).headers;
  if (headers) Object.assign(copy, { headers });
  return copy;
}
