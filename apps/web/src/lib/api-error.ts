import { type ApiErrorBody, GENERIC_ERROR_MESSAGE, userMessageFor } from '@crm/shared';

// A failed REST call, carrying the server's error body (01 §8 / 02 §8 codes).
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly userMessage: string;
  readonly field?: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    const code = body.code ?? `HTTP_${status}`;
    super(body.message ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.userMessage = body.userMessage || userMessageFor(code) || GENERIC_ERROR_MESSAGE;
    this.field = body.field;
    this.fields = body.fields;
  }

  static is(error: unknown): error is ApiError {
    return error instanceof ApiError;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
