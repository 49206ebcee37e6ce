import { useMutation, useQuery } from '@apollo/client/react';
import { type ChatbotMenu, cleanChatbotMenu } from '@crm/shared';
import { Alert, Button, Col, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import {
  BOT_AGENTS_QUERY,
  BOT_CHANNELS_QUERY,
  BOT_DATASHEET_FIELDS_QUERY,
  BOT_SET_CHANNEL_CHATBOT,
  BOT_SPACES_QUERY,
  BOT_TAGS_QUERY,
} from '../api/pickers.graphql';
import type { BotTabProps } from '../components/BotScreen';
import { MenuEditor } from './MenuEditor';
import { MenuPreview } from './MenuPreview';
import { issueNode, type MenuIssues, validateMenuTree } from './menuIssues';
import { emptyMenu, normalizeMenu } from './menuTree';
import type { BotPickerData } from './NodeForm';
import type { PreviewNames } from './preview';
import { useChatbotMenu } from './useChatbotMenu';

/** The pickers' lists; a list the user may not read stays empty rather than breaking the editor. */
function usePickers(): BotPickerData {
  const fields = useQuery(BOT_DATASHEET_FIELDS_QUERY, { fetchPolicy: 'cache-and-network' });
  const tags = useQuery(BOT_TAGS_QUERY, { fetchPolicy: 'cache-and-network' });
  const agents = useQuery(BOT_AGENTS_QUERY, { fetchPolicy: 'cache-and-network' });
  const spaces = useQuery(BOT_SPACES_QUERY, { fetchPolicy: 'cache-and-network' });
  return useMemo(
    () => ({
      fields: fields.data?.datasheetFields ?? [],
      tags: tags.data?.tags ?? [],
      agents: agents.data?.agents ?? [],
      spaces: spaces.data?.spaces ?? [],
    }),
    [fields.data, tags.data, agents.data, spaces.data],
  );
}

/** A refusal of the server placed at its node: the API names the field `menu.<path>`. */
function serverIssues(menu: ChatbotMenu, field: string | undefined, message: string): MenuIssues | null {
  if (!field?.startsWith('menu.')) return null;
  const { key, field: at } = issueNode(menu, field.slice('menu.'.length));
  return new Map([[key, [{ field: at, message }]]]);
}

/**
 * /bot 'Menú': the channel's menu chatbot as a tree with its live preview, the channel's 'Chatbot activo' switch,
 * and Save. The shared rules (validateChatbotMenu) place every problem at its node as the menu is edited; Save
 * sends the menu only when there is none.
 */
export function MenuTab({ channel, canWrite }: BotTabProps) {
  const stored = useChatbotMenu(channel.id);
  const pickers = usePickers();
  const [draft, setDraft] = useState<ChatbotMenu | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<MenuIssues | null>(null);
  // Mutations skip the cache here (lib/apollo): the channel list is read again to show the switch as stored.
  const [setChatbot, chatbotToggle] = useMutation(BOT_SET_CHANNEL_CHATBOT, {
    refetchQueries: [{ query: BOT_CHANNELS_QUERY }],
    awaitRefetchQueries: true,
  });

  // The stored menu becomes the draft once loaded; edits then stay until saved or the channel changes.
  useEffect(() => {
    if (!stored.loading && draft === null) setDraft(normalizeMenu(stored.menu));
  }, [stored.loading, stored.menu, draft]);

  const menu = draft ?? emptyMenu();
  const issues = useMemo(() => refused ?? validateMenuTree(menu), [menu, refused]);
  const names: PreviewNames = pickers;
  const dirty = useMemo(
    () => JSON.stringify(menu) !== JSON.stringify(normalizeMenu(stored.menu)),
    [menu, stored.menu],
  );

  const change = (next: ChatbotMenu) => {
    setDraft(next);
    setRefused(null);
  };

  const save = async () => {
    if (issues.size > 0) {
      toast.error('Corrige lo señalado en el menú antes de guardar.');
      return;
    }
    setSaving(true);
    try {
      const saved = await stored.save(cleanChatbotMenu(menu));
      setDraft(normalizeMenu(saved));
      toast.success('Menú del chatbot guardado');
    } catch (error) {
      const resolved = resolveError(error);
      const placed = serverIssues(menu, resolved.field, resolved.userMessage);
      if (placed) setRefused(placed);
      else handleError(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await stored.remove();
      setDraft(emptyMenu());
      toast.success('Menú del chatbot eliminado');
    } catch (error) {
      handleError(error);
    }
  };

  const toggleChatbot = async (useChatbot: boolean) => {
    try {
      await setChatbot({ variables: { id: channel.id, useChatbot } });
    } catch (error) {
      handleError(error);
    }
  };

  if (draft === null) return <Skeleton active />;

  return (
    <div data-testid="bot-menu-tab">
      <div className="bot-toolbar">
        <Space align="center">
          <Switch
            aria-label="Chatbot activo"
            data-testid="bot-use-chatbot"
            checked={channel.useChatbot}
            loading={chatbotToggle.loading}
            disabled={!canWrite || !channel.isActive}
            onChange={(value) => void toggleChatbot(value)}
          />
          <span>Chatbot activo</span>
          {!channel.isActive && (
            <Typography.Text type="secondary">Activa el canal para encender su chatbot.</Typography.Text>
          )}
        </Space>
        {canWrite && (
          <Space className="bot-toolbar-actions">
            {stored.menu && (
              <DeleteConfirm
                title="¿Eliminar el menú del chatbot de este canal?"
                description="El chatbot deja de responder en este canal."
                label="Eliminar menú"
                onConfirm={() => remove()}
              />
            )}
            <Button
              type="primary"
              onClick={() => void save()}
              loading={saving}
              disabled={!dirty && !!stored.menu}
            >
              Guardar menú
            </Button>
          </Space>
        )}
      </div>
      {!canWrite && (
        <Alert
          type="info"
          showIcon
          title="Solo lectura: necesitas el permiso de editar bots para cambiar el menú."
        />
      )}
      {channel.useChatbot && !stored.menu && (
        <Alert
          type="warning"
          showIcon
          title="El chatbot está activo pero este canal aún no tiene menú guardado."
        />
      )}
      <Row gutter={[16, 16]} className="bot-menu-layout">
        <Col xs={24} xl={16}>
          <MenuEditor menu={menu} onChange={change} issues={issues} pickers={pickers} readOnly={!canWrite} />
        </Col>
        <Col xs={24} xl={8}>
          <MenuPreview menu={menu} names={names} />
        </Col>
      </Row>
    </div>
  );
}
