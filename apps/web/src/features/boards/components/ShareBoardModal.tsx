import { useQuery } from '@apollo/client/react';
import type { BoardSummary } from '@crm/shared';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { PanelAgentsDocument } from '../../../gql/graphql';
import { handleError } from '../../../lib/errors';
import { BOARD_TEXTS } from '../boardTexts';

interface ShareValues {
  members: number[];
  guests: number[];
}

/** Members (edit) and guests (view) chosen among the company's users; the owner is neither. */
export function ShareBoardModal({
  board,
  onClose,
  onSubmit,
}: {
  board: BoardSummary | null;
  onClose: () => void;
  onSubmit: (board: BoardSummary, values: ShareValues) => Promise<void>;
}) {
  const [form] = Form.useForm<ShareValues>();
  const [saving, setSaving] = useState(false);
  const { data, loading } = useQuery(PanelAgentsDocument, { skip: board === null });
  const members = Form.useWatch('members', form) ?? [];
  const guests = Form.useWatch('guests', form) ?? [];

  useEffect(() => {
    if (!board) return;
    form.setFieldsValue({
      members: board.members.map((user) => user.id),
      guests: board.guests.map((user) => user.id),
    });
  }, [board, form]);

  const users = (data?.agents ?? []).filter((user) => user.id !== board?.owner.id);
  // A user is a member or a guest, never both: each picker leaves out those chosen in the other.
  const options = (exclude: number[]) =>
    users.filter((user) => !exclude.includes(user.id)).map((user) => ({ value: user.id, label: user.name }));

  const submit = async (values: ShareValues) => {
    if (!board) return;
    setSaving(true);
    try {
      await onSubmit(board, { members: values.members ?? [], guests: values.guests ?? [] });
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={board !== null}
      title={BOARD_TEXTS.shareTitle}
      okText={BOARD_TEXTS.save}
      cancelText={BOARD_TEXTS.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="members" label={BOARD_TEXTS.members}>
          <Select
            mode="multiple"
            loading={loading}
            options={options(guests)}
            optionFilterProp="label"
            aria-label={BOARD_TEXTS.members}
          />
        </Form.Item>
        <Form.Item name="guests" label={BOARD_TEXTS.guests}>
          <Select
            mode="multiple"
            loading={loading}
            options={options(members)}
            optionFilterProp="label"
            aria-label={BOARD_TEXTS.guests}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
