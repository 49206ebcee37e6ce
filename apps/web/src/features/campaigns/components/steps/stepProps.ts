import type { CampaignDraft } from '../../campaignDraft';
import type { AccountState } from '../../hooks/useAccountStatus';
import type { CampaignDraftChange } from '../../hooks/useCampaignDraft';

/** What the wizard hands every step. */
export interface StepProps {
  draft: CampaignDraft;
  update: (change: CampaignDraftChange) => void;
  /** Where Back leads from this step (01 §2.7). */
  goBack: () => void;
  /** Where Continue leads from this step, for the draft as it is stored when called. */
  goNext: () => void;
  account: AccountState;
}
