import { type ErrorCode, httpStatusFor, userMessageFor } from '@crm/shared';

export interface AppExceptionOptions {
  /** The request field at fault, for validation errors. */
  field?: string;
  fields?: Record<string, string>;
  /** Overrides the catalogue text when the rule gives a more precise Spanish message. */
  userMessage?: string;
  /** English detail for logs and developers. */
  message?: string;
  /** What the refusal is about, for clients that act on it (TEMPLATE_IN_USE: what uses the template). */
  details?: Record<string, unknown>;
}

/** The one exception type of the API: a catalogue code, mapped to HTTP and GraphQL by AllExceptionsFilter. */
export class AppException extends Error {
  readonly status: number;
  readonly userMessage: string;
  readonly field?: string;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    options: AppExceptionOptions = {},
  ) {
    super(options.message ?? code);
    this.status = httpStatusFor(code);
    this.userMessage = options.userMessage ?? userMessageFor(code);
    this.field = options.field;
    this.fields = options.fields;
    this.details = options.details;
  }

  static validation(field: string, userMessage: string): AppException {
    return new AppException('VALIDATION_ERROR', {
      field,
      fields: { [field]: userMessage },
      userMessage,
      message: `Invalid field: ${field}`,
    });
  }
}
