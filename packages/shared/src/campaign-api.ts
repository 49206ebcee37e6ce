// Issue 18 / 01 §7 Campaigns: the shapes the campaign routes answer and take, written once for the API that sends
// them and the web wizard that reads them (docs/api.md "Broadcast campaigns").
import type { CampaignStatus } from './company';
import type { TagConjunction } from './rules/tags';

/** A campaign as every campaign route answers it (dates ISO strings, totalCost with 4 decimals). */
export interface CampaignView {
  id: number;
  name: string;
  channelId: number;
  companyId: number;
  status: CampaignStatus;
  /** The status's Spanish label (01 §4). */
  statusLabel: string;
  selectedTags: Array<{ id: number; name: string; color: string }>;
  conjunction: TagConjunction | null;
  templateId: number | null;
  templateName: string;
  fileUrl: string | null;
  sendAt: string;
  createdAt: string;
  lastSendAt: string | null;
  total: number;
  sent: number;
  failed: number;
  totalCost: number;
}

/** GET /broadcast/get360Status: the number's daily tier and quality, from the provider. */
export interface AccountStatusView {
  /** The provider's tier name (TIER_1K…), 'NA' when it gave none. */
  current_limit: string;
  current_quality_rating: 'HIGH' | 'MEDIUM' | 'LOW' | 'NA';
  /** Messages a day; null: unlimited. */
  dailyLimit: number | null;
  messagesPerSecond: number;
}

/** GET /broadcast/tags: a tag with the contacts of the channel carrying it. */
export interface BroadcastTag {
  id: number;
  name: string;
  color: string;
  createdAt: string;
  contacts: number;
}

/** POST /campaign (01 §7). */
export interface CampaignCreation {
  channelId: number;
  type: 'TAG';
  tagsIds: number[];
  sendAt: string;
  shouldCreateTag: boolean;
  tagToCreate: { name: string; color: string } | null;
  name: string;
  templateId: number;
  fileUrl: string | null;
  currentMessageLimit: number | null;
  totalCost: number;
  conjunction: TagConjunction | null;
}
