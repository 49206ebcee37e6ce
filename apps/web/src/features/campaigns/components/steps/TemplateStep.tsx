import {
  CAMPAIGN_MESSAGES,
  filterTemplates,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_FILTER_ALL,
  type TemplateCategory,
} from '@crm/shared';
import { Empty, Input, Radio, Segmented, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { CampaignTemplateRow } from '../../api/campaigns.graphql';
import { cutOptionText, templateBody, withTemplate } from '../../campaignDraft';
import { useCampaignTemplates } from '../../hooks/useCampaignTemplates';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

type CategoryFilter = TemplateCategory | typeof TEMPLATE_FILTER_ALL;

const CATEGORY_OPTIONS: Array<{ value: CategoryFilter; label: string }> = [
  { value: TEMPLATE_FILTER_ALL, label: CAMPAIGN_MESSAGES.categoryAll },
  { value: 'marketing', label: CAMPAIGN_MESSAGES.categoryMarketing },
  { value: 'utility', label: CAMPAIGN_MESSAGES.categoryUtility },
];

/**
 * 01 §2.7 selectTemplate: the channel's accepted templates without example body values, filtered by category and
 * by a search that ignores case, accents, spaces and underscores; each option's text is cut at 80 characters.
 */
export function TemplateStep({ draft, update, goBack, goNext }: StepProps) {
  const { offered, loading } = useCampaignTemplates(draft.channelId);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>(TEMPLATE_FILTER_ALL);
  const shown = useMemo(() => filterTemplates(offered, { search, category }), [offered, search, category]);

  const pick = (template: CampaignTemplateRow) =>
    update((current) =>
      withTemplate(current, {
        id: template.id,
        name: template.name,
        category: template.category,
        language: template.language,
        components: template.components,
      }),
    );

  return (
    <>
      <Space className="cmp-toolbar" wrap>
        <Input.Search
          allowClear
          aria-label="Buscar plantillas"
          placeholder={CAMPAIGN_MESSAGES.searchTemplates}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="cmp-search"
        />
        <Segmented<CategoryFilter>
          aria-label="Categoría"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={setCategory}
        />
      </Space>
      {loading && offered.length === 0 ? (
        <Spin />
      ) : shown.length === 0 ? (
        <Empty
          description={
            offered.length === 0
              ? 'Este canal no tiene plantillas aprobadas para campañas'
              : 'Ninguna plantilla coincide con la búsqueda'
          }
        />
      ) : (
        <Radio.Group
          className="cmp-template-options"
          name="campaign-template"
          value={draft.template?.id}
          onChange={(event) => {
            const chosen = shown.find((template) => template.id === event.target.value);
            if (chosen) pick(chosen);
          }}
          data-testid="campaign-templates"
        >
          {shown.map((template) => (
            <Radio key={template.id} value={template.id} className="cmp-template-option">
              <span className="cmp-template-name">
                <strong>{template.name}</strong>{' '}
                <Typography.Text type="secondary">
                  {TEMPLATE_CATEGORY_LABELS[template.category as TemplateCategory] ?? template.category}
                </Typography.Text>
              </span>
              <span className="cmp-hint" data-testid="campaign-template-text">
                {cutOptionText(templateBody(template))}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      )}
      <StepActions onBack={goBack} onContinue={goNext} continueDisabled={draft.template === null} />
    </>
  );
}
