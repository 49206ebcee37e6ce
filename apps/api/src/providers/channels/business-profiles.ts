import type { BusinessProfilePort } from './business-profile';
import type { ChannelPlatform } from './channel-provider';
import { Dialog360ProfileClient } from './dialog360/dialog360-profile.client';
import { WhatsappCloudProfileClient } from './whatsapp-cloud/whatsapp-cloud-profile.client';

/**
 * The profile port of each platform that has one; the sandbox has none (its profile is only stored). The one place
 * outside the adapters that maps a platform to provider code, like ChannelRegistry for the adapters.
 */
export class BusinessProfiles {
  private readonly ports: Partial<Record<ChannelPlatform, BusinessProfilePort>>;

  constructor(options: { graphUrl: string; dialog360Url: string }) {
    this.ports = {
      whatsapp_cloud: new WhatsappCloudProfileClient(options.graphUrl),
      dialog360: new Dialog360ProfileClient(options.dialog360Url),
    };
  }

  /** Null: the platform keeps no profile at a provider (stored only). */
  for(platform: ChannelPlatform): BusinessProfilePort | null {
    return this.ports[platform] ?? null;
  }
}
