import { BadRequestException, type ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidateIf } from 'class-validator';

export interface FieldError {
  field: string;
  messages: string[];
}

/**
 * The field may be left out, but not sent as null (IsOptional lets null through): for fields that
 * have no empty value, where a service would read null as "left out" or fail on it.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * The failing fields in react-admin's shape, `{ [field]: message }` (a field's several messages
 * joined): its forms put each message under its field.
 */
export function fieldErrorMap(fields: FieldError[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.field, [...new Set(f.messages)].join('; ')]));
}

/**
 * Request bodies and queries are checked against their DTO classes; unknown fields are refused.
 * A 400 answers with a readable message and the failing fields: `{ message, errors: { [field]: message } }`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      return new BadRequestException({
        // One field can fail several rules with the same words (e.g. not a number, hence not in range).
        message: [...new Set(fields.flatMap((f) => f.messages))].join('; '),
        errors: fieldErrorMap(fields),
      });
    },
  });
}
