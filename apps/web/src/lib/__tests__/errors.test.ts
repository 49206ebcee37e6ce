import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { GENERIC_ERROR_MESSAGE } from '@crm/shared';
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { handleErrorAs, isSessionErrorCode, resolveError } from '../errors';
import { registerToastApi } from '../toast';

describe('resolveError', () => {
  it('keeps the code and Spanish message of a REST error body', () => {
    const error = new ApiError(401, {
      code: 'INVALID_CREDENTIALS',
      message: 'INVALID_CREDENTIALS',
      userMessage: 'Correo o contraseña incorrectos.',
    });
    expect(resolveError(error)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      userMessage: 'Correo o contraseña incorrectos.',
    });
  });

  it('falls back to the shared catalogue when the body has no userMessage', () => {
    const error = new ApiError(400, { code: 'ERROR_CHECKING_CODE' });
    expect(resolveError(error).userMessage).toBe('El código es incorrecto, por favor intenta de nuevo.');
  });

  it('reads extensions.code and extensions.userMessage of a GraphQL error', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [
        {
          message: 'Invalid token',
          extensions: {
            code: 'INVALID_TOKEN',
            userMessage: 'Tu sesión ha expirado, inicia sesión de nuevo.',
          },
        },
      ],
    });
    const resolved = resolveError(error);
    expect(resolved.code).toBe('INVALID_TOKEN');
    expect(isSessionErrorCode(resolved.code)).toBe(true);
  });

  it('reads the error body of a non-2xx GraphQL answer', () => {
    const body = JSON.stringify({
      code: 'UNAUTHORIZED',
      message: 'x',
      userMessage: 'Tu sesión ha expirado.',
    });
    const error = new ServerError('401', { response: new Response(body, { status: 401 }), bodyText: body });
    expect(resolveError(error)).toMatchObject({
      code: 'UNAUTHORIZED',
      userMessage: 'Tu sesión ha expirado.',
    });
  });

  it('shows the generic text for anything unknown', () => {
    expect(resolveError(new Error('boom'))).toMatchObject({
      code: 'UNKNOWN',
      userMessage: GENERIC_ERROR_MESSAGE,
    });
    expect(resolveError(new ApiError(500, { code: 'SOMETHING_NEW' })).userMessage).toBe(
      GENERIC_ERROR_MESSAGE,
    );
  });
});

describe('handleErrorAs', () => {
  it('shows the fallback for a failure without a known code, the catalogue text otherwise', () => {
    const shown: string[] = [];
    registerToastApi({
      open: (config: { content?: unknown }) => {
        shown.push(String(config.content));
        return () => undefined;
      },
      destroy: () => undefined,
    } as unknown as MessageInstance);
    try {
      handleErrorAs(
        new ApiError(500, { code: 'INTERNAL_ERROR', userMessage: GENERIC_ERROR_MESSAGE }),
        'Propio',
      );
      handleErrorAs(new Error('network'), 'Propio');
      handleErrorAs(new ApiError(403, { code: 'FORBIDDEN' }), 'Propio');
      expect(shown).toEqual(['Propio', 'Propio', 'No tienes permiso para realizar esta acción.']);
    } finally {
      registerToastApi(staticMessage);
    }
  });
});
