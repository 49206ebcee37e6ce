import { Navigate } from 'react-router';
import { asBroadcastStep, TABLE_PATH } from '../campaignDraft';
import { CampaignAnalytics } from './CampaignAnalytics';
import { CampaignTable } from './CampaignTable';
import { CampaignWizard } from './CampaignWizard';
import '../campaigns.css';

/** /broadcast/{currentStep}: the table, the results page or a wizard step; an unknown step goes to the table. */
export function BroadcastScreens({ currentStep }: { currentStep: string | undefined }) {
  const step = asBroadcastStep(currentStep);
  if (step === null) return <Navigate to={TABLE_PATH} replace />;
  if (step === 'table') return <CampaignTable />;
  if (step === 'analytics') return <CampaignAnalytics />;
  return <CampaignWizard step={step} />;
}
