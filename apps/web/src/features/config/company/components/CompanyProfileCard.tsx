import { COMPANY_NAME_MAX, companyNameError, timeZoneOption, VALIDATION_MESSAGES } from '@crm/shared';
import { Button, Card, Form, Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { handleFormError } from '../../../../lib/errors';
import { ruleFrom } from '../../../../lib/form-rules';
import { toast } from '../../../../lib/toast';

interface ProfileForm {
  name: string;
  timezone: string;
}

interface CompanyProfileCardProps {
  name: string;
  timezone: string;
  canWrite: boolean;
  onSave: (values: ProfileForm) => Promise<unknown>;
}

/** The browser's list of IANA zones, with the company's own kept even if the browser does not list it. */
function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The company's name and the time zone its dates are shown in (02 §3 Company, §9). */
export function CompanyProfileCard({ name, timezone, canWrite, onSave }: CompanyProfileCardProps) {
  const [form] = Form.useForm<ProfileForm>();
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => timeZones(timezone).map((zone) => timeZoneOption(zone)), [timezone]);

  useEffect(() => {
    form.setFieldsValue({ name, timezone });
  }, [form, name, timezone]);

  async function save(values: ProfileForm) {
    setSaving(true);
    try {
      await onSave(values);
      toast.success('Datos de la empresa guardados');
    } catch (cause) {
      handleFormError(form, cause, ['name', 'timezone']);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Datos de la empresa" size="small">
      <Form
        form={form}
        name="empresa"
        layout="vertical"
        onFinish={save}
        initialValues={{ name, timezone }}
        disabled={!canWrite}
      >
        <Form.Item name="name" label="Nombre de la empresa" required rules={[ruleFrom(companyNameError)]}>
          <Input maxLength={COMPANY_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="timezone"
          label="Zona horaria"
          rules={[{ required: true, message: VALIDATION_MESSAGES.required }]}
        >
          <Select showSearch={{ optionFilterProp: 'search' }} options={options} aria-label="Zona horaria" />
        </Form.Item>
        {canWrite && (
          <Button type="primary" htmlType="submit" loading={saving}>
            Guardar
          </Button>
        )}
      </Form>
    </Card>
  );
}
