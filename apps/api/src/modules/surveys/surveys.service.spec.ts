import { Logger } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { RealtimeService } from '../../realtime/realtime.service';
import type { ChannelsService } from '../channels/channels.service';
import type { ClientsService } from '../clients/clients.service';
import type { AutomatedSendService } from '../messages/automated-send.service';
import type { InboundService } from '../messages/inbound.service';
import type { SurveysRepository } from './surveys.repository';
import { SurveysService } from './surveys.service';

// 02 §8: a failure on our side answers the call's own code (not a bare 500), while refusals keep theirs.

const USER = { id: 1, companyId: 7 } as AuthUser;
const down = () => Promise.reject(new Error('connection terminated'));

function service(
  repository: Partial<SurveysRepository>,
  clients: Partial<ClientsService> = {},
): SurveysService {
  return new SurveysService(
    repository as SurveysRepository,
    { getVisible: async () => ({}), ...clients } as unknown as ClientsService,
    {} as ChannelsService,
    {} as AutomatedSendService,
    {} as InboundService,
    {} as RealtimeService,
  );
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  return error instanceof AppException ? error.code : `not an AppException: ${String(error)}`;
}

beforeEach(() => {
  vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('SurveysService errors', () => {
  it('answers ERROR_GETTING_surveyConfigs when the surveys cannot be read', async () => {
    expect(await codeOf(service({ configsOfCompany: down }).list(USER, null))).toBe(
      'ERROR_GETTING_surveyConfigs',
    );
  });

  it('answers ERROR_getLastSurveyInfos when the last survey cannot be read', async () => {
    expect(await codeOf(service({ lastRequest: down }).last(USER, 3))).toBe('ERROR_getLastSurveyInfos');
  });

  it('answers ERROR_deleteManySurveyOptions when the options cannot be deleted', async () => {
    expect(await codeOf(service({ transaction: down }).deleteOptions(USER, [1001]))).toBe(
      'ERROR_deleteManySurveyOptions',
    );
  });

  it('answers ERROR_createSurveyConfig and ERROR_updateSurveyConfig when storing fails', async () => {
    const input = { channelId: 2, initText: 'Hola', options: [{ text: 'Bien', value: 1 }] };
    const failing = service({ channelCompany: async () => ({ id: 2, companyId: 7 }), newOptionIds: down });
    expect(await codeOf(failing.create(USER, input))).toBe('ERROR_createSurveyConfig');
    expect(await codeOf(service({ transaction: down }).update(USER, { id: 1, ...input }))).toBe(
      'ERROR_updateSurveyConfig',
    );
  });

  it('keeps a refusal as it is: another company is FORBIDDEN, a bad survey VALIDATION_ERROR', async () => {
    const never = () => {
      throw new Error('must not be read');
    };
    expect(await codeOf(service({ configsOfCompany: never }).list(USER, 8))).toBe('FORBIDDEN');
    const bad = { channelId: 2, initText: ' ', options: [{ text: 'Bien', value: 1 }] };
    expect(await codeOf(service({ channelCompany: never }).create(USER, bad))).toBe('VALIDATION_ERROR');
    const foreign = service({}, { getVisible: () => Promise.reject(new AppException('FORBIDDEN')) });
    expect(await codeOf(foreign.last(USER, 3))).toBe('FORBIDDEN');
  });
});
