import {
  type BusinessProfilePort,
  type BusinessProfileUpdate,
  updateBusinessProfile,
} from '../business-profile';
import type { ChannelCredentials, TemplateMediaFile } from '../channel-provider';
import { parseWhatsappError } from './whatsapp-cloud-error.parser';
import { WhatsappCloudTemplatesClient } from './whatsapp-cloud-templates.client';

/**
 * A Cloud API number's business profile: POST /{phone-number-id}/whatsapp_business_profile with the channel's
 * token; the photo goes through the Resumable Upload API first (the templates client's, on the token's app) and
 * its handle is sent as profile_picture_handle.
 */
export class WhatsappCloudProfileClient implements BusinessProfilePort {
  private readonly graphUrl: string;
  private readonly uploads: WhatsappCloudTemplatesClient;

  constructor(graphUrl: string) {
    this.graphUrl = graphUrl.replace(/\/+$/, '');
    this.uploads = new WhatsappCloudTemplatesClient(graphUrl);
  }

  update(
    channel: ChannelCredentials,
    profile: BusinessProfileUpdate,
    photo: TemplateMediaFile | null,
  ): Promise<void> {
    return updateBusinessProfile(
      {
        profileUrl: (c) => `${this.graphUrl}/${encodeURIComponent(c.providerId)}/whatsapp_business_profile`,
        headers: (c) => ({ authorization: `Bearer ${c.accessToken}` }),
        uploadPhoto: (c, file) => this.uploads.uploadTemplateMedia(c, file),
        parseError: parseWhatsappError,
      },
      channel,
      profile,
      photo,
    );
  }
}
