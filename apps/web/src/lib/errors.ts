import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { GENERIC_ERROR_MESSAGE, isErrorCode, userMessageFor } from '@crm/shared';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { ApiError } from './api-error';
import { endRejectedSession } from './session';
import { toast } from './toast';

// 01 §4 Session: these codes end the session, whichever service answers them.
const SESSION_ERROR_CODES: ReadonlySet<string> = new Set(['INVALID_TOKEN', 'UNAUTHORIZED']);

export function isSessionErrorCode(code: string | undefined): boolean {
  return code !== undefined && SESSION_ERROR_CODES.has(code);
}

export interface ResolvedError {
  code: string;
  userMessage: string;
  field?: string;
  /** Per-field Spanish messages of a VALIDATION_ERROR. */
  fields?: Record<string, string>;
}

const UNKNOWN_CODE = 'UNKNOWN';

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function resolved(code: string | undefined, userMessage: string | undefined, field?: string): ResolvedError {
  const finalCode = code ?? UNKNOWN_CODE;
  return {
    code: finalCode,
    userMessage: userMessage ?? (code ? userMessageFor(code) : GENERIC_ERROR_MESSAGE),
    field,
  };
}

function fromGraphQLErrors(errors: ReadonlyArray<{ extensions?: Record<string, unknown> }>): ResolvedError {
  const first = errors[0];
  const extensions = first?.extensions ?? {};
  return resolved(asString(extensions.code), asString(extensions.userMessage), asString(extensions.field));
}

// A non-2xx HTTP answer from /graphql may still carry a GraphQL or REST error body.
function fromServerBody(bodyText: string, status: number): ResolvedError {
  try {
    const body = asRecord(JSON.parse(bodyText));
    const errors = body?.errors;
    if (Array.isArray(errors) && errors.length > 0) {
      return fromGraphQLErrors(errors as ReadonlyArray<{ extensions?: Record<string, unknown> }>);
    }
    if (body && asString(body.code)) {
      return resolved(asString(body.code), asString(body.userMessage), asString(body.field));
    }
  } catch {
    // Not JSON: fall through to the status.
  }
  return resolved(status === 401 ? 'UNAUTHORIZED' : undefined, undefined);
}

// One place that turns any failure (REST, GraphQL, network) into a code and its Spanish text.
export function resolveError(error: unknown): ResolvedError {
  if (ApiError.is(error)) {
    return { code: error.code, userMessage: error.userMessage, field: error.field, fields: error.fields };
  }
  if (CombinedGraphQLErrors.is(error)) return fromGraphQLErrors(error.errors);
  if (ServerError.is(error)) return fromServerBody(error.bodyText, error.statusCode);
  return resolved(undefined, undefined);
}

// The central handler: a session error ends the session; anything else becomes a Spanish toast.
export function handleError(error: unknown): ResolvedError {
  const result = resolveError(error);
  if (isSessionErrorCode(result.code)) {
    endRejectedSession();
  } else {
    toast.error(result.userMessage);
  }
  return result;
}

/**
 * As handleError, but a failure the server did not name (no code, or INTERNAL_ERROR) shows the screen's own text
 * (01 §8 profile, 02 §8 categories) instead of the generic 'Ha ocurrido un error'.
 */
export function handleErrorAs(error: unknown, fallback: string): ResolvedError {
  const result = resolveError(error);
  if (isSessionErrorCode(result.code)) endRejectedSession();
  else if (!isErrorCode(result.code) || result.code === 'INTERNAL_ERROR') toast.error(fallback);
  else toast.error(result.userMessage);
  return result;
}

/** A form's failure: shown under the field the server named when the form has it, else through handleError. */
export function handleFormError<F>(
  form: FormInstance<F>,
  error: unknown,
  formFields: ReadonlyArray<keyof F & string>,
): void {
  const result = resolveError(error);
  const field = formFields.find((name) => name === result.field);
  if (field) form.setFields([{ name: field as NamePath<F>, errors: [result.userMessage] }]);
  else handleError(error);
}
