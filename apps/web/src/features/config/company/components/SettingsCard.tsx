import {
  COMPANY_SETTING_GROUPS,
  COMPANY_TEMPLATE_LANGUAGE_OPTIONS,
  type CompanySettingKey,
  type CompanySettings,
  type CompanyTemplateLanguage,
  isCompanyTemplateLanguage,
  TEMPLATE_LANGUAGE_SETTING,
} from '@crm/shared';
import { Card, Col, Row, Select, Switch, Typography } from 'antd';
import { BOT_SETTING_KEYS } from '../../../bot/settings/botSettings';

const LANGUAGE_OPTIONS = COMPANY_TEMPLATE_LANGUAGE_OPTIONS.map(({ value, label }) => ({ value, label }));

// Issue 17: the bot settings live in the 'Chatbot' tab (readBot / writeBot); each setting has one place.
const GROUPS = COMPANY_SETTING_GROUPS.map((group) => ({
  ...group,
  settings: group.settings.filter((setting) => !BOT_SETTING_KEYS.has(setting.key)),
})).filter((group) => group.settings.length > 0);

interface SettingsCardProps {
  /** The flags, and the template language as the API answers it (a plain string). */
  settings: Pick<CompanySettings, CompanySettingKey> & { templateLanguage: string };
  canWrite: boolean;
  /** The setting being saved: its control spins and the others wait. */
  saving: keyof CompanySettings | null;
  onChange: (key: CompanySettingKey, value: boolean) => void;
  onTemplateLanguageChange: (value: CompanyTemplateLanguage) => void;
}

/** 02 §3 Company settings, one switch each, grouped, then the template language; each control saves on its own. */
export function SettingsCard({
  settings,
  canWrite,
  saving,
  onChange,
  onTemplateLanguageChange,
}: SettingsCardProps) {
  return (
    <Card title="Ajustes de la empresa" size="small">
      {GROUPS.map((group) => (
        <div key={group.title} style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>{group.title}</Typography.Title>
          {group.settings.map(({ key, label, help }) => {
            return (
              <Row key={key} gutter={12} align="middle" wrap={false} style={{ padding: '6px 0' }}>
                <Col flex="none">
                  <Switch
                    aria-label={label}
                    data-testid={`setting-${key}`}
                    checked={settings[key]}
                    loading={saving === key}
                    disabled={!canWrite || (saving !== null && saving !== key)}
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
      <div>
        <Typography.Title level={5}>{TEMPLATE_LANGUAGE_SETTING.title}</Typography.Title>
        <div style={{ padding: '6px 0' }}>
          <div>{TEMPLATE_LANGUAGE_SETTING.label}</div>
          <Select<string>
            aria-label={TEMPLATE_LANGUAGE_SETTING.label}
            data-testid="setting-templateLanguage"
            value={settings.templateLanguage}
            options={LANGUAGE_OPTIONS}
            loading={saving === 'templateLanguage'}
            disabled={!canWrite || saving !== null}
            onChange={(value) => {
              if (isCompanyTemplateLanguage(value)) onTemplateLanguageChange(value);
            }}
            style={{ width: '100%', maxWidth: 320, margin: '4px 0' }}
          />
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {TEMPLATE_LANGUAGE_SETTING.help}
            </Typography.Text>
          </div>
        </div>
      </div>
    </Card>
  );
}
