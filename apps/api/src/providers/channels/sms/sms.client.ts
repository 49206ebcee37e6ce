import { postForm } from '../http-client';
import { readTwilioSendResponse, toUrlSearchParams } from './sms.mapper';
import type { TwilioCreateMessageForm } from './sms.types';
import { parseSmsError } from './sms-error.parser';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
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
    const basic = Buffer.from(`${credentials.accountSid}:${credentials.authToken}`, 'utf8').toString(
      'base64',
    );
    const result = await postForm(url, toUrlSearchParams(form), {
      headers: { authorization: `Basic ${basic}` },
    });
    if (result.status < 200 || result.status >= 300) throw parseSmsError(result);
    return readTwilioSendResponse(result.json);
  }
}
