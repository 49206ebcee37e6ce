import { findNulPath, INPUT_MESSAGES, INVALID_CHARACTERS_MESSAGE, userMessageFor } from '@crm/shared';
import { type ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { AppException } from '../errors/app.exception';

// A missing value should be reported as missing, not as too long: presence rules speak first.
const PRESENCE_FIRST = ['isDefined', 'isNotEmpty', 'isString', 'isInt', 'isBoolean'];

function constraintMessages(error: ValidationError): string[] {
  const entries = Object.entries(error.constraints ?? {});
  const rank = (name: string) => {
    const i = PRESENCE_FIRST.indexOf(name);
    return i === -1 ? PRESENCE_FIRST.length : i;
  };
  return entries.sort(([a], [b]) => rank(a) - rank(b)).map(([, message]) => message);
}

function firstError(errors: ValidationError[], prefix = ''): { field: string; message: string } | null {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = constraintMessages(error);
    if (messages.length > 0) return { field, message: messages[0] };
    const nested = firstError(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

function allErrors(
  errors: ValidationError[],
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = constraintMessages(error);
    if (messages.length > 0 && !out[field]) out[field] = messages[0];
    allErrors(error.children ?? [], field, out);
  }
  return out;
}

const PRIMITIVES: unknown[] = [String, Boolean, Number, Array, Object];

// @nestjs/graphql's GqlParamtype.ARGS (the package does not export the enum): the value of a resolver's @Args.
const GRAPHQL_ARGS = 3;
// What a client sends; custom decorators (@CurrentUser) and GraphQL's root, context and info are ours.
const CLIENT_INPUT: unknown[] = ['body', 'query', 'param', GRAPHQL_ARGS];

/**
 * PostgreSQL refuses U+0000 in text and jsonb: a NUL anywhere in what a client sent is a 400 on its path before
 * anything reads it, instead of a 500 from whichever statement first meets it.
 */
function rejectNul(value: unknown, metadata: ArgumentMetadata): void {
  if (!CLIENT_INPUT.includes(metadata.type)) return;
  const path = findNulPath(value, metadata.data ?? '');
  if (path !== null) throw AppException.validation(path || 'body', INVALID_CHARACTERS_MESSAGE);
}

/** class-validator with Spanish messages; the first failing field becomes the error's `field`. */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      transform: true,
      forbidUnknownValues: false,
      validationError: { target: false, value: false },
      exceptionFactory: (errors: ValidationError[]) => {
        const first = firstError(errors) ?? { field: 'body', message: userMessageFor('VALIDATION_ERROR') };
        return new AppException('VALIDATION_ERROR', {
          field: first.field,
          fields: allErrors(errors),
          userMessage: first.message,
          message: `Invalid field: ${first.field}`,
        });
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    rejectNul(value, metadata);
    const isClassInput = metadata.metatype !== undefined && !PRIMITIVES.includes(metadata.metatype);
    if (metadata.type === 'body' && isClassInput) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw AppException.validation('body', INPUT_MESSAGES.bodyNotObject);
      }
    }
    return super.transform(value, metadata);
  }
}
