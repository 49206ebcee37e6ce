import { COMPANY_SETTING_GROUPS, type CompanySettingKey, type CompanySettings } from '@crm/shared';
import { Card, Col, Row, Switch, Typography } from 'antd';

interface SettingsCardProps {
  settings: CompanySettings;
  canWrite: boolean;
  /** The setting being saved: its switch spins and the others wait. */
  saving: CompanySettingKey | null;
  onChange: (key: CompanySettingKey, value: boolean) => void;
}

/** 02 §3 Company settings, one switch each, grouped; each switch saves on its own. */
export function SettingsCard({ settings, canWrite, saving, onChange }: SettingsCardProps) {
  return (
    <Card title="Ajustes de la empresa" size="small">
      {COMPANY_SETTING_GROUPS.map((group) => (
        <div key={group.title} style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>{group.title}</Typography.Title>
          {group.settings.map(({ key, label, help }) => {
            // 02 §4: auto-assign after a day needs the bot after a day.
            const blocked = key === 'isBotAutoAssignActiveAfterDay' && !settings.isBotActiveAfterDay;
            return (
              <Row key={key} gutter={12} align="middle" wrap={false} style={{ padding: '6px 0' }}>
                <Col flex="none">
                  <Switch
                    aria-label={label}
                    data-testid={`setting-${key}`}
                    checked={settings[key]}
                    loading={saving === key}
                    disabled={!canWrite || blocked || (saving !== null && saving !== key)}
                    onChange={(value) => onChange(key, value)}
                  />
                </Col>
                <Col flex="auto">
                  <div>{label}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {help}
                  </Typography.Text>
                </Col>
              </Row>
            );
          })}
        </div>
      ))}
    </Card>
  );
}
