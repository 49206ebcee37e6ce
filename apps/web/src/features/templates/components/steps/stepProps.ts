import type { TemplateDraft } from '../../templateDraft';

export type DraftUpdate = (
  change: Partial<TemplateDraft> | ((current: TemplateDraft) => TemplateDraft),
) => void;

/** What every step of the creation flow gets: the draft, its update, and the refusals to show. */
export interface StepProps {
  draft: TemplateDraft;
  update: DraftUpdate;
  errors: Partial<Record<string, string>>;
}
