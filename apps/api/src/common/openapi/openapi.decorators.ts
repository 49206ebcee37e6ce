import { type ApiErrorBody, VALIDATION_MESSAGES } from '@crm/shared';
import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOkResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';

/** Name of the bearer security scheme of the OpenAPI document (the JWT from POST /api/loginDash). */
export const BEARER_SCHEME = 'bearer';

/** The one error body of every REST answer (ARCHITECTURE rule 4, `toErrorBody`), described once for /api/docs. */
export class ErrorBody implements ApiErrorBody {
  @ApiProperty({
    description: 'Catalogue code (packages/shared/src/errors.ts)',
    example: 'VALIDATION_ERROR',
  })
  code: string;

  @ApiProperty({ description: 'English detail for logs and developers', example: 'Invalid field: email' })
  message: string;

  @ApiProperty({ description: 'Spanish text to show the user', example: VALIDATION_MESSAGES.emailInvalid })
  userMessage: string;

  @ApiPropertyOptional({
    description: 'Validation errors: dotted path of the first request field at fault',
    example: 'email',
  })
  field?: string;

  @ApiPropertyOptional({
    description: 'Validation errors: every field at fault and its Spanish message',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { email: VALIDATION_MESSAGES.emailInvalid },
  })
  fields?: Record<string, string>;

  @ApiPropertyOptional({
    description: 'What the refusal is about, when its code needs more than its text (TEMPLATE_IN_USE)',
    type: 'object',
    additionalProperties: true,
    example: { usage: 'followUp', followUps: 1, botFollowUps: 0, welcomeMessages: 0 },
  })
  details?: Record<string, unknown>;
}

const ERRORS = {
  400: 'VALIDATION_ERROR (or a more precise catalogue code) naming the first bad `field`; all of them in `fields`',
  401: 'UNAUTHORIZED: missing, invalid, expired or revoked bearer token (webhooks: missing or wrong signature)',
  403: "FORBIDDEN: the user's role has none of the permissions the route accepts",
  404: 'NOT_FOUND (or a more precise catalogue code)',
  409: 'A conflict with what is stored (catalogue code, `field` and Spanish text)',
  413: 'PAYLOAD_TOO_LARGE (JSON/form body over 2 MB, webhook over 5 MB) or FILE_TOO_LARGE (a file over 100 MB)',
  429: 'TOO_MANY_ATTEMPTS: rate limited',
  503: 'SERVICE_NOT_READY: a readiness check failed; `details.checks` names which',
} as const;

export type DocumentedErrorStatus = keyof typeof ERRORS;

/**
 * The error answers of a route (or of every route of a controller), each the ErrorBody JSON, also on routes that
 * produce files.
 */
export function ApiErrors(...statuses: DocumentedErrorStatus[]): MethodDecorator & ClassDecorator {
  const content = { 'application/json': { schema: { $ref: getSchemaPath(ErrorBody) } } };
  return applyDecorators(
    ApiExtraModels(ErrorBody),
    ...statuses.map((status) => ApiResponse({ status, description: ERRORS[status], content })),
  );
}

/** A route behind the global AuthGuard: bearer JWT, 401 without it, 403 without one of its permissions. */
export function ApiSignedIn(options: { permissions?: boolean } = {}): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(BEARER_SCHEME),
    ApiErrors(...(options.permissions === false ? ([401] as const) : ([401, 403] as const))),
  );
}

const BINARY = { type: 'string', format: 'binary' } as const;

/** A route that answers a file's bytes (streamed or sent), of the given types (any type by default). */
export function ApiFileResponse(description: string, ...mimeTypes: string[]): MethodDecorator {
  const types = mimeTypes.length > 0 ? mimeTypes : ['*/*'];
  return ApiOkResponse({
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: BINARY }])),
  });
}

/**
 * A multipart upload route (files spooled by SpooledUploadInterceptor or multer): the DTO's fields beside the
 * file part(s). The routes with fields also take them as JSON or urlencoded, without a file.
 */
export function ApiMultipart(options: {
  body?: Type<unknown>;
  /** The file part's name; `files` with `maxFiles` > 1 is a list. */
  file: string;
  maxFiles?: number;
  fileRequired?: boolean;
  /** Whether the fields alone may come as JSON or urlencoded (the default with a body). */
  json?: boolean;
  description?: string;
}): MethodDecorator {
  const maxFiles = options.maxFiles ?? 1;
  const fileSchema = {
    type: 'object' as const,
    ...(options.fileRequired ? { required: [options.file] } : {}),
    properties: {
      [options.file]:
        maxFiles > 1
          ? {
              type: 'array' as const,
              items: BINARY,
              maxItems: maxFiles,
              description: 'Up to 10 files, 100 MB each',
            }
          : { ...BINARY, description: 'The file (100 MB at most; its type is read from its bytes)' },
    },
  };
  const schema = options.body ? { allOf: [{ $ref: getSchemaPath(options.body) }, fileSchema] } : fileSchema;
  const json = options.json ?? options.body !== undefined;
  return applyDecorators(
    ...(options.body ? [ApiExtraModels(options.body)] : []),
    ApiConsumes(
      'multipart/form-data',
      ...(json ? ['application/json', 'application/x-www-form-urlencoded'] : []),
    ),
    ApiBody({ required: true, description: options.description, schema }),
    ApiErrors(400, 413),
  );
}
