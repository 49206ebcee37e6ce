import { ProviderError } from '../channel-provider';
import { getJson, isRecord, postForm } from '../http-client';
import { readTwilioSendResponse, toUrlSearchParams } from './sms.mapper';
import type { TwilioCreateMessageForm } from './sms.types';
import { parseSmsError } from './sms-error.parser';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

/**
 * One number of the account, as GET /Accounts/{AccountSid}/IncomingPhoneNumbers.json lists it (the fields we read):
 * https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource#read-multiple-incomingphonenumber-resources
 */
export interface TwilioIncomingNumber {
  sid: string;
  /** E.164, e.g. "+15557122661". */
  phoneNumber: string;
  friendlyName: string | null;
  /** False only when Twilio says the number has no SMS; unknown counts as able. */
  canSms: boolean;
}

/** HTTP calls to a Twilio-compatible REST API; the base URL (https://api.twilio.com/2010-04-01) comes from config. */
export class SmsClient {
  private readonly apiUrl: string;

  constructor(apiUrl: string) {
    this.apiUrl = apiUrl.replace(/\/+$/, '');
  }

  /** POST /Accounts/{AccountSid}/Messages.json, HTTP Basic with the SID and auth token; resolves to the message sid. */
  async createMessage(credentials: TwilioCredentials, form: TwilioCreateMessageForm): Promise<string> {
    const url = `${this.apiUrl}/Accounts/${encodeURIComponent(credentials.accountSid)}/Messages.json`;
    const result = await postForm(url, toUrlSearchParams(form), {
      headers: { authorization: basicAuth(credentials) },
    });
    if (result.status < 200 || result.status >= 300) throw parseSmsError(result);
    return readTwilioSendResponse(result.json);
  }

  /**
   * GET /Accounts/{AccountSid}/IncomingPhoneNumbers.json?PhoneNumber=+E164 with HTTP Basic: the number when the
   * account owns it, null when it does not. A wrong SID or token is Twilio's 401 (20003), thrown as ProviderError.
   */
  async findIncomingNumber(
    credentials: TwilioCredentials,
    e164: string,
  ): Promise<TwilioIncomingNumber | null> {
    const query = new URLSearchParams({ PhoneNumber: e164 });
    const url = `${this.apiUrl}/Accounts/${encodeURIComponent(credentials.accountSid)}/IncomingPhoneNumbers.json?${query.toString()}`;
    const result = await getJson(url, { headers: { authorization: basicAuth(credentials) } });
    if (result.status < 200 || result.status >= 300) throw parseSmsError(result);
    const list = isRecord(result.json) ? result.json.incoming_phone_numbers : undefined;
    if (!Array.isArray(list)) {
      throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'IncomingPhoneNumbers returned no list');
    }
    // The filter matches the exact number; comparing again keeps a loose compatible API from handing us another.
    const wanted = e164.replace(/\D/g, '');
    for (const item of list) {
      if (!isRecord(item) || typeof item.phone_number !== 'string') continue;
      if (item.phone_number.replace(/\D/g, '') !== wanted) continue;
      const capabilities = isRecord(item.capabilities) ? item.capabilities : {};
      return {
        sid: typeof item.sid === 'string' ? item.sid : '',
        phoneNumber: item.phone_number,
        friendlyName: typeof item.friendly_name === 'string' ? item.friendly_name : null,
        canSms: capabilities.sms !== false,
      };
    }
    return null;
  }
}

function basicAuth(credentials: TwilioCredentials): string {
  return `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`, 'utf8').toString('base64')}`;
}
