import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { useApolloClient } from '@apollo/client/react';
import { type ConversationView, contactNameError } from '@crm/shared';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../../lib/errors';
import { RENAME_MUTATION } from '../api/panel.graphql';
import { conversationTitle } from '../conversationDisplay';

interface NameEditorProps {
  conversation: ConversationView;
  /** 02 §5: an unnamed contact shows its phone only with canSeePhoneNumber. */
  canSeePhone: boolean;
  onAnswer: (view: ConversationView) => void;
}

/** The contact's name, edited in place (renameConversation); an empty name is refused with 'Nombre obligatorio'. */
export function NameEditor({ conversation, canSeePhone, onAnswer }: NameEditorProps) {
  const client = useApolloClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = conversationTitle(conversation, canSeePhone);

  const start = () => {
    setDraft(conversation.name ?? conversation.nameFromChannel ?? '');
    setError(null);
  };
  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  const save = async () => {
    if (draft === null || saving) return;
    const name = draft.trim();
    const problem = contactNameError(name);
    if (problem) {
      setError(problem);
      return;
    }
    if (name === conversation.name) {
      cancel();
      return;
    }
    setSaving(true);
    try {
      const { data } = await client.mutate({
        mutation: RENAME_MUTATION,
        variables: { clientId: conversation.id, name },
      });
      if (data) onAnswer(data.renameConversation);
      cancel();
    } catch (failure) {
      // The server's Spanish text goes under the field, where the user is looking.
      setError(resolveError(failure).userMessage);
    } finally {
      setSaving(false);
    }
  };

  if (draft === null) {
    return (
      <div className="client-info-name">
        <Typography.Title level={5} data-testid="client-name" className="client-info-name-text">
          {title}
        </Typography.Title>
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label="Editar nombre"
          data-testid="client-name-edit"
          onClick={start}
        />
      </div>
    );
  }

  return (
    <div className="client-info-name-editor">
      <Space.Compact block>
        <Input
          autoFocus
          aria-label="Nombre del cliente"
          data-testid="client-name-input"
          value={draft}
          maxLength={200}
          status={error ? 'error' : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onPressEnter={() => void save()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
        />
        <Button
          icon={<CheckOutlined />}
          aria-label="Guardar nombre"
          data-testid="client-name-save"
          loading={saving}
          onClick={() => void save()}
        />
        <Button icon={<CloseOutlined />} aria-label="Cancelar" onClick={cancel} disabled={saving} />
      </Space.Compact>
      {error && (
        <Typography.Text type="danger" role="alert" className="client-info-field-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
