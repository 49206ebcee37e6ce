import {
  type BroadcastStep,
  CAMPAIGN_MESSAGES,
  type CampaignDraftField,
  DEFAULT_TIME_ZONE,
  formatUsd4,
  validateCampaignDraft,
} from '@crm/shared';
import { Spin, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { handleError, isSessionErrorCode, resolveError } from '../../../../lib/errors';
import { toast } from '../../../../lib/toast';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { createCampaign, getTotalPricing } from '../../api/campaigns.rest';
import { creationPayload, messageLimitForCreation } from '../../campaignDraft';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

/** Where the choice a refusal names is made. */
const STEP_OF_FIELD: Readonly<Record<string, BroadcastStep>> = {
  name: 'name',
  tagsIds: 'tags',
  conjunction: 'tags',
  templateId: 'selectTemplate',
  fileUrl: 'selectMultimedia',
  sendAt: 'selectDate',
  tagToCreate: 'createTag',
} satisfies Partial<Record<CampaignDraftField | 'fileUrl', BroadcastStep>>;

// Refusals whose own text says what to fix; anything else is 'Error al crear la campaña' (01 §8).
const EXPLAINED_CODES: ReadonlySet<string> = new Set([
  'VALIDATION_ERROR',
  'TAG_NAME_EMPTY',
  'CAMPAIGN_QUALITY_BLOCKED',
]);

interface PricingStepProps extends StepProps {
  goTo: (step: BroadcastStep) => void;
  onCreated: () => void;
}

/**
 * 01 §2.7 pricing: the campaign's total as '$X.XXXX USD', charged later; confirming creates the campaign with the
 * payload of 01 §7.
 */
export function PricingStep({ draft, goBack, goTo, onCreated, account }: PricingStepProps) {
  const timeZone = useCompanyTimeZone();
  const [pricing, setPricing] = useState<{ totalCost: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [creating, setCreating] = useState(false);
  const { channelId, tagsIds, conjunction } = draft;
  const templateId = draft.template?.id ?? null;
  const tagsKey = tagsIds.join(',');

  useEffect(() => {
    if (channelId === null || templateId === null) return;
    let active = true;
    setLoading(true);
    getTotalPricing({ channelId, templateId, tagsIds: tagsKey.split(',').map(Number), conjunction })
      .then((answer) => {
        if (active) setPricing({ totalCost: answer.totalCost });
      })
      .catch((error: unknown) => {
        // 01 §8 pricing fetch: logged only; loading ends.
        if (active) console.warn('getTotalPricing failed', error);
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [channelId, templateId, tagsKey, conjunction]);

  const create = async () => {
    const payload = creationPayload(draft, {
      totalCost: pricing?.totalCost ?? 0,
      currentMessageLimit: messageLimitForCreation(account.dailyLimit),
    });
    if (!payload) return;
    const errors = validateCampaignDraft(payload, {
      now: new Date(),
      timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    });
    const [field, message] = Object.entries(errors)[0] ?? [];
    if (field && message) {
      toast.error(message);
      const step = STEP_OF_FIELD[field];
      if (step) goTo(step);
      return;
    }
    setCreating(true);
    try {
      await createCampaign(payload);
      onCreated();
    } catch (error) {
      const resolved = resolveError(error);
      if (isSessionErrorCode(resolved.code)) {
        handleError(error);
      } else if (EXPLAINED_CODES.has(resolved.code)) {
        toast.error(resolved.userMessage);
        const step = resolved.field ? STEP_OF_FIELD[resolved.field] : undefined;
        if (step) goTo(step);
      } else {
        toast.error(CAMPAIGN_MESSAGES.creationFailed);
      }
    } finally {
      setCreating(false);
    }
  };

  return (
    <>
      <div className="cmp-pricing" data-testid="campaign-pricing">
        {loading ? (
          <Spin />
        ) : (
          <Statistic
            title={CAMPAIGN_MESSAGES.totalCost}
            value={pricing ? formatUsd4(pricing.totalCost) : '—'}
            valueRender={(node) => <span data-testid="campaign-total-cost">{node}</span>}
          />
        )}
        <Typography.Paragraph type="secondary">{CAMPAIGN_MESSAGES.chargeNote}</Typography.Paragraph>
      </div>
      <StepActions
        onBack={goBack}
        onContinue={() => void create()}
        continueLabel={CAMPAIGN_MESSAGES.confirm}
        continueDisabled={loading}
        loading={creating}
      />
    </>
  );
}
