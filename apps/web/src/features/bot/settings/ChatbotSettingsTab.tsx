import { RobotOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { hasAnyPermission } from '@crm/shared';
import { Button, Card, Col, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CompanySettingsInput } from '../../../gql/graphql';
import { handleError } from '../../../lib/errors';
import { useSession } from '../../session/hooks/useSession';
import { BOT_SETTINGS_QUERY, UPDATE_BOT_SETTINGS } from '../api/botSettings.graphql';
import { BOT_TAGS_QUERY } from '../api/pickers.graphql';
import { BOT_SETTINGS, type BotSettingKey } from './botSettings';

type Saving = BotSettingKey | 'disableBotTagIds' | null;

/**
 * 02 §2 configuration, 'Chatbot' (readBot / writeBot): the company's bot settings — automatic assignment by the
 * menu bot, the bot after 24 hours and its own assignment (off and locked while the bot after 24 hours is off,
 * 02 §4), the tags that keep the bot away, the welcome message and the survey by default — and the way to /bot.
 */
export function ChatbotSettingsTab() {
  const { me } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeBot']);
  const settings = useQuery(BOT_SETTINGS_QUERY, { fetchPolicy: 'cache-and-network' });
  const tags = useQuery(BOT_TAGS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [updateSettings] = useMutation(UPDATE_BOT_SETTINGS);
  const [saving, setSaving] = useState<Saving>(null);

  useEffect(() => {
    if (settings.error) handleError(settings.error);
  }, [settings.error]);

  const save = async (key: Saving, input: CompanySettingsInput) => {
    setSaving(key);
    try {
      // The server answers every setting (turning one off may turn another off): that answer replaces the cache.
      await updateSettings({
        variables: { input },
        update: (cache, { data }) => {
          if (data)
            cache.writeQuery({
              query: BOT_SETTINGS_QUERY,
              data: { companySettings: data.updateCompanySettings },
            });
        },
      });
    } catch (cause) {
      handleError(cause);
    } finally {
      setSaving(null);
    }
  };

  const current = settings.data?.companySettings;
  if (!current) return <Skeleton active />;

  return (
    <Row gutter={[16, 16]} data-testid="chatbot-settings">
      <Col xs={24} xl={14}>
        <Card title="Ajustes del bot" size="small">
          {BOT_SETTINGS.map(({ key, label, help }) => {
            // 02 §4: the bot's assignment after 24 hours belongs to the bot after 24 hours.
            const blocked = key === 'isBotAutoAssignActiveAfterDay' && !current.isBotActiveAfterDay;
            return (
              <Row key={key} gutter={12} align="middle" wrap={false} className="bot-setting-row">
                <Col flex="none">
                  <Switch
                    aria-label={label}
                    data-testid={`setting-${key}`}
                    checked={current[key]}
                    loading={saving === key}
                    disabled={!canWrite || blocked || (saving !== null && saving !== key)}
                    onChange={(value) => void save(key, { [key]: value })}
                  />
                </Col>
                <Col flex="auto">
                  <div>{label}</div>
                  <Typography.Text type="secondary" className="bot-setting-help">
                    {help}
                  </Typography.Text>
                </Col>
              </Row>
            );
          })}
          <div className="bot-setting-row">
            <label htmlFor="disable-bot-tags">Etiquetas que desactivan el bot</label>
            <Select<number[]>
              id="disable-bot-tags"
              mode="multiple"
              aria-label="Etiquetas que desactivan el bot"
              data-testid="setting-disableBotTagIds"
              className="bot-tags-select"
              placeholder="Ninguna"
              value={current.disableBotTagIds}
              loading={saving === 'disableBotTagIds' || tags.loading}
              disabled={!canWrite || (saving !== null && saving !== 'disableBotTagIds')}
              options={(tags.data?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
              optionFilterProp="label"
              onChange={(disableBotTagIds) => void save('disableBotTagIds', { disableBotTagIds })}
            />
            <Typography.Text type="secondary" className="bot-setting-help">
              El bot de menú nunca responde a las conversaciones con alguna de estas etiquetas.
            </Typography.Text>
          </div>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title="Chatbot de cada canal">
          <Typography.Paragraph type="secondary">
            El menú del chatbot, el mensaje de bienvenida, los seguimientos automáticos y la encuesta se
            configuran por canal.
          </Typography.Paragraph>
          <Link to="/bot">
            <Button type="primary" icon={<RobotOutlined />}>
              Configurar el bot
            </Button>
          </Link>
        </Card>
      </Col>
    </Row>
  );
}
