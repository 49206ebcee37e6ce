import {
  BROADCAST_STEP_TITLES,
  type BroadcastStep,
  nextBroadcastStep,
  previousBroadcastStep,
  SUCCESS_OVERLAY_MS,
} from '@crm/shared';
import { Card, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '../../layout/components/PageHeader';
import { hasHeaderMedia, stepPath, stepRedirect, TABLE_PATH } from '../campaignDraft';
import { useAccountStatus } from '../hooks/useAccountStatus';
import { useCampaignChannels } from '../hooks/useCampaignChannels';
import { useCampaignDraft } from '../hooks/useCampaignDraft';
import { AccountCards } from './AccountCards';
import { SuccessOverlay } from './SuccessOverlay';
import { CreateTagStep } from './steps/CreateTagStep';
import { DateStep } from './steps/DateStep';
import { MultimediaStep } from './steps/MultimediaStep';
import { NameStep } from './steps/NameStep';
import { PreviewStep } from './steps/PreviewStep';
import { PricingStep } from './steps/PricingStep';
import type { StepProps } from './steps/stepProps';
import { TagsStep } from './steps/TagsStep';
import { TemplateStep } from './steps/TemplateStep';
import { TypeStep } from './steps/TypeStep';

export type WizardStep = Exclude<BroadcastStep, 'table' | 'analytics'>;

const STEP_LABELS: Readonly<Record<WizardStep, string>> = {
  type: 'Audiencia',
  tags: 'Etiquetas',
  selectTemplate: 'Plantilla',
  selectMultimedia: 'Multimedia',
  selectDate: 'Fecha',
  preview: 'Vista previa',
  createTag: 'Etiqueta',
  name: 'Nombre',
  pricing: 'Costo',
};

/** The steps this draft goes through (selectMultimedia only for a template with header media). */
function wizardPath(withMedia: boolean): WizardStep[] {
  const steps: WizardStep[] = ['type', 'tags', 'selectTemplate'];
  if (withMedia) steps.push('selectMultimedia');
  steps.push('selectDate', 'preview', 'createTag', 'name', 'pricing');
  return steps;
}

/**
 * /broadcast/{currentStep}: one step of the campaign wizard (01 §2.7) with the account cards above it. Each step
 * reads and writes the kept draft; a step whose earlier choices are missing (no channel: the table) redirects.
 */
export function CampaignWizard({ step }: { step: WizardStep }) {
  const navigate = useNavigate();
  const { draft, update, reset, read } = useCampaignDraft();
  const { channels } = useCampaignChannels();
  const channel = channels.find((item) => item.id === draft.channelId) ?? null;
  const account = useAccountStatus(channel);
  const [created, setCreated] = useState(false);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => {
      navigate(TABLE_PATH, { replace: true });
      reset();
    }, SUCCESS_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [created, navigate, reset]);

  if (created) return <SuccessOverlay />;

  const redirect = stepRedirect(step, draft);
  if (redirect) return <Navigate to={stepPath(redirect)} replace />;

  const withMedia = hasHeaderMedia(draft.template);
  const goTo = (target: BroadcastStep) => navigate(stepPath(target));
  // Back and Continue may follow a change made in the same click: the path is decided by the draft stored then.
  const context = () => ({ hasHeaderMedia: hasHeaderMedia(read().template) });
  const props: StepProps = {
    draft,
    update,
    account,
    goBack: () => goTo(previousBroadcastStep(step, context())),
    goNext: () => {
      const next = nextBroadcastStep(step, context());
      if (next !== 'create') goTo(next);
    },
  };
  const path = wizardPath(withMedia);

  return (
    <div className="page cmp-page" data-testid="campaign-wizard">
      <PageHeader
        title={BROADCAST_STEP_TITLES[step]}
        description={channel ? `Canal: ${channel.name}` : undefined}
        extra={<AccountCards account={account} />}
      />
      <Card>
        <Steps
          size="small"
          className="cmp-steps"
          current={path.indexOf(step)}
          items={path.map((item) => ({ key: item, title: STEP_LABELS[item] }))}
        />
        <div className="cmp-step" data-testid="campaign-step" data-step={step}>
          {step === 'type' ? <TypeStep {...props} /> : null}
          {step === 'tags' ? <TagsStep {...props} /> : null}
          {step === 'selectTemplate' ? <TemplateStep {...props} /> : null}
          {step === 'selectMultimedia' ? <MultimediaStep {...props} /> : null}
          {step === 'selectDate' ? <DateStep {...props} /> : null}
          {step === 'preview' ? <PreviewStep {...props} /> : null}
          {step === 'createTag' ? <CreateTagStep {...props} /> : null}
          {step === 'name' ? <NameStep {...props} /> : null}
          {step === 'pricing' ? (
            <PricingStep {...props} goTo={goTo} onCreated={() => setCreated(true)} />
          ) : null}
        </div>
      </Card>
    </div>
  );
}
