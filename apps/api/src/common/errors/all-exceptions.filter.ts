import type { ApiErrorBody } from '@crm/shared';
import { GENERIC_ERROR_MESSAGE, httpStatusFor, isErrorCode, userMessageFor } from '@crm/shared';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { GqlContextType } from '@nestjs/graphql';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { AppException } from './app.exception';

/** Turns anything thrown into the one error shape {code, message, userMessage} (ARCHITECTURE rule 4). */
export function toErrorBody(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof AppException) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: error.message,
        userMessage: error.userMessage,
        ...(error.field ? { field: error.field } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ? { details: error.details } : {}),
      },
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = httpCode(status);
    return { status, body: { code, message: error.message, userMessage: userMessageFor(code) } };
  }
  if (isBadValueFromDatabase(error)) {
    // A value that passed our checks but not the column's type (an id past the integer range): the caller's input.
    return {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Value out of range',
        userMessage: userMessageFor('VALIDATION_ERROR'),
      },
    };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: 'Internal server error', userMessage: GENERIC_ERROR_MESSAGE },
  };
}

// PostgreSQL: 22003 numeric_value_out_of_range, 22P02 invalid_text_representation.
const BAD_VALUE_CODES = new Set(['22003', '22P02']);

function isBadValueFromDatabase(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && BAD_VALUE_CODES.has(code);
}

function httpCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'TOO_MANY_ATTEMPTS';
  if (status === 400 || status === 413 || status === 415) return 'VALIDATION_ERROR';
  return 'INTERNAL_ERROR';
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const { status, body } = toErrorBody(exception);
    // A readiness refusal is an answer, not a failure of ours: its request line (a warning) says it.
    const notReady = exception instanceof AppException && exception.code === 'SERVICE_NOT_READY';
    if (status >= 500 && !notReady)
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : exception);
    if (host.getType<GqlContextType>() === 'graphql') {
      // GraphQL answers 200 with errors[]; an unauthenticated call is INVALID_TOKEN there (01 §4 Session).
      const code = body.code === 'UNAUTHORIZED' ? 'INVALID_TOKEN' : body.code;
      return new GraphQLError(body.message, {
        extensions: {
          code,
          userMessage: isErrorCode(code) && code !== body.code ? userMessageFor(code) : body.userMessage,
          status: httpStatusFor(code),
          ...(body.field ? { field: body.field, fields: body.fields } : {}),
          ...(body.details ? { details: body.details } : {}),
        },
      });
    }
    if (host.getType() === 'http') {
      const response = host.switchToHttp().getResponse<Response>();
      if (!response.headersSent) response.status(status).json(body);
      return undefined;
    }
    return undefined;
  }
}
