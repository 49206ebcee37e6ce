import { campaignMedia } from '../../campaignDraft';
import { CampaignPreview } from '../CampaignPreview';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

/** 01 §2.7 preview: what the contacts will receive, with the new file or the template's own. */
export function PreviewStep({ draft, goBack, goNext }: StepProps) {
  if (!draft.template) return null;
  return (
    <>
      <CampaignPreview template={draft.template} media={campaignMedia(draft)} />
      <StepActions onBack={goBack} onContinue={goNext} />
    </>
  );
}
