import {
  CAMPAIGN_MESSAGES,
  CONJUNCTION_DIALOG_ORDER,
  CONJUNCTION_LABELS,
  formatMediumDate,
  normalizeSearchKeyword,
  type TagConjunction,
} from '@crm/shared';
import { Button, Input, Modal, Radio, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { handleError } from '../../../../lib/errors';
import { ColorTag } from '../../../layout/components/ColorTag';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { type BroadcastTag, getAudience } from '../../api/campaigns.rest';
import { withTags } from '../../campaignDraft';
import { useBroadcastTags } from '../../hooks/useBroadcastTags';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

function ConjunctionDialog({
  open,
  value,
  onSave,
  onClose,
}: {
  open: boolean;
  value: TagConjunction | null;
  onSave: (conjunction: TagConjunction) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<TagConjunction>(value ?? 'union');
  return (
    <Modal
      open={open}
      title={CAMPAIGN_MESSAGES.conjunctionTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onClose}>
          {CAMPAIGN_MESSAGES.back}
        </Button>,
        <Button key="save" type="primary" onClick={() => onSave(choice)}>
          {CAMPAIGN_MESSAGES.save}
        </Button>,
      ]}
    >
      <Radio.Group
        className="cmp-conjunctions"
        name="campaign-conjunction"
        value={choice}
        onChange={(event) => setChoice(event.target.value as TagConjunction)}
        data-testid="campaign-conjunction"
      >
        {CONJUNCTION_DIALOG_ORDER.map((conjunction) => (
          <Radio key={conjunction} value={conjunction} className="cmp-conjunction">
            <strong>{CONJUNCTION_LABELS[conjunction].label}</strong>
            <span className="cmp-hint">{CONJUNCTION_LABELS[conjunction].description}</span>
          </Radio>
        ))}
      </Radio.Group>
    </Modal>
  );
}

function DailyLimitDialog({
  open,
  onAccept,
  onClose,
}: {
  open: boolean;
  onAccept: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={CAMPAIGN_MESSAGES.dailyLimitTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onClose}>
          {CAMPAIGN_MESSAGES.back}
        </Button>,
        <Button key="ok" type="primary" onClick={onAccept}>
          {CAMPAIGN_MESSAGES.dailyLimitAccept}
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="campaign-daily-limit-message">
        {CAMPAIGN_MESSAGES.dailyLimitBody}
      </Typography.Paragraph>
    </Modal>
  );
}

/**
 * 01 §2.7 tags: the company's tags with the channel's contacts on each; ticking a second one asks how they combine
 * (union by default), and 'Elegir etiquetas' warns when the audience exceeds the number's daily limit.
 */
export function TagsStep({ draft, update, goBack, goNext, account }: StepProps) {
  const timeZone = useCompanyTimeZone();
  const { tags, loading } = useBroadcastTags(draft.channelId);
  const [search, setSearch] = useState('');
  const [conjunctionOpen, setConjunctionOpen] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [checking, setChecking] = useState(false);

  const shown = useMemo(() => {
    const wanted = normalizeSearchKeyword(search);
    if (!wanted) return tags;
    return tags.filter((tag) => (normalizeSearchKeyword(tag.name) ?? '').includes(wanted));
  }, [tags, search]);

  const select = (ids: number[]) => {
    const before = draft.tagsIds.length;
    update((current) => withTags(current, ids));
    // The mode is asked for when a second tag joins; union is already set as its default.
    if (before < 2 && ids.length >= 2) setConjunctionOpen(true);
    if (ids.length < 2) setConjunctionOpen(false);
  };

  const choose = async () => {
    const { channelId, tagsIds, conjunction } = draft;
    if (channelId === null || tagsIds.length === 0) return;
    setChecking(true);
    let recipients: number;
    try {
      recipients = (await getAudience({ channelId, tagsIds, conjunction })).recipients;
    } catch (error) {
      handleError(error);
      // Without the server's count, the contacts of the chosen tags (an upper bound for union) decide.
      recipients = tags.filter((tag) => tagsIds.includes(tag.id)).reduce((sum, tag) => sum + tag.contacts, 0);
    } finally {
      setChecking(false);
    }
    if (recipients > account.dailyLimit) setLimitOpen(true);
    else goNext();
  };

  const columns: ColumnsType<BroadcastTag> = [
    {
      title: 'Etiqueta',
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: 'Fecha de creación',
      dataIndex: 'createdAt',
      width: 170,
      render: (createdAt: string) => formatMediumDate(createdAt, timeZone),
    },
    {
      title: 'Color',
      dataIndex: 'color',
      width: 110,
      render: (color: string) => (
        <ColorTag color={color} aria-label={`Color ${color}`}>
          {color}
        </ColorTag>
      ),
    },
    { title: 'Contactos', dataIndex: 'contacts', width: 110, align: 'right' },
  ];

  const conjunction = draft.conjunction;
  return (
    <>
      <Typography.Paragraph className="cmp-intro">{CAMPAIGN_MESSAGES.tagsIntro}</Typography.Paragraph>
      <Space className="cmp-toolbar" wrap>
        <Input.Search
          allowClear
          aria-label="Buscar etiquetas"
          placeholder={CAMPAIGN_MESSAGES.searchTags}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="cmp-search"
        />
        {conjunction ? (
          <span data-testid="campaign-conjunction-summary" data-conjunction={conjunction}>
            Combinación: <strong>{CONJUNCTION_LABELS[conjunction].label}</strong>{' '}
            <Button type="link" size="small" onClick={() => setConjunctionOpen(true)}>
              Cambiar
            </Button>
          </span>
        ) : null}
      </Space>
      <Table<BroadcastTag>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        rowSelection={{
          selectedRowKeys: draft.tagsIds,
          preserveSelectedRowKeys: true,
          onChange: (keys) => select(keys.map(Number)),
          getCheckboxProps: (tag) => ({ 'aria-label': `Elegir ${tag.name}` }),
        }}
        locale={{ emptyText: 'No hay etiquetas' }}
        data-testid="campaign-tags-table"
      />
      <StepActions
        onBack={goBack}
        onContinue={() => void choose()}
        continueLabel={CAMPAIGN_MESSAGES.chooseTags}
        continueDisabled={draft.tagsIds.length === 0}
        loading={checking}
      />
      <ConjunctionDialog
        // Mounted afresh each time it opens, so it starts from the stored mode.
        key={conjunctionOpen ? 'open' : 'closed'}
        open={conjunctionOpen}
        value={conjunction}
        onSave={(chosen) => {
          update({ conjunction: chosen });
          setConjunctionOpen(false);
        }}
        onClose={() => setConjunctionOpen(false)}
      />
      <DailyLimitDialog
        open={limitOpen}
        onAccept={() => {
          setLimitOpen(false);
          goNext();
        }}
        onClose={() => setLimitOpen(false)}
      />
    </>
  );
}
