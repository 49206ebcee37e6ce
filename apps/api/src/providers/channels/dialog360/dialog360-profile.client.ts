import {
  type BusinessProfilePort,
  type BusinessProfileUpdate,
  updateBusinessProfile,
} from '../business-profile';
import type { ChannelCredentials, TemplateMediaFile } from '../channel-provider';
import { parseDialog360Error } from './dialog360-error.parser';
import { Dialog360TemplatesClient } from './dialog360-templates.client';

/**
 * A 360dialog number's business profile: the Cloud API's call on 360dialog's base URL, POST
 * /whatsapp_business_profile with the D360-API-KEY (the key names the number); the photo's handle comes from
 * 360dialog's proxy of the Resumable Upload API (the templates client's).
 * https://docs.360dialog.com/docs/waba-management/waba-profile-and-compliance
 */
export class Dialog360ProfileClient implements BusinessProfilePort {
  private readonly baseUrl: string;
  private readonly uploads: Dialog360TemplatesClient;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.uploads = new Dialog360TemplatesClient(baseUrl);
  }

  update(
    channel: ChannelCredentials,
    profile: BusinessProfileUpdate,
    photo: TemplateMediaFile | null,
  ): Promise<void> {
    return updateBusinessProfile(
      {
        profileUrl: () => `${this.baseUrl}/whatsapp_business_profile`,
        headers: (c) => ({ 'D360-API-KEY': c.accessToken }),
        uploadPhoto: (c, file) => this.uploads.uploadTemplateMedia(c, file),
        parseError: parseDialog360Error,
      },
      channel,
      profile,
      photo,
    );
  }
}
