import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

export interface FieldError {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Request bodies and queries are checked against their DTO classes; unknown fields are refused.
 * A 400 answers with a readable message and the failing fields: `{ message, errors: [{field, messages}] }`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      return new BadRequestException({
        message: fields.flatMap((f) => f.messages).join('; '),
        errors: fields,
      });
    },
  });
}
