import {
  EMPTY_PHONE,
  OTHER_PHONE_COUNTRIES,
  type PhoneCountry,
  type PhoneValue,
  PREFERRED_PHONE_COUNTRIES,
  phoneCountry,
} from '@crm/shared';
import { Input, Select, Space } from 'antd';

interface PhoneFieldProps {
  value?: PhoneValue;
  onChange?: (value: PhoneValue) => void;
  id?: string;
  disabled?: boolean;
}

const option = (c: PhoneCountry) => ({ value: c.iso, label: `${c.name} +${c.dialCode}`, search: c.name });

const COUNTRY_OPTIONS = [
  { label: 'Preferidos', title: 'Preferidos', options: PREFERRED_PHONE_COUNTRIES.map(option) },
  { label: 'Otros países', title: 'Otros países', options: OTHER_PHONE_COUNTRIES.map(option) },
];

/**
 * 02 §2 international phone: default Mexico, the preferred countries first, placeholder 'Número de teléfono'. The
 * country code comes from the chosen country and is shown, not typed.
 */
export function PhoneField({ value = EMPTY_PHONE, onChange, id, disabled }: PhoneFieldProps) {
  const country = phoneCountry(value.country);
  return (
    <Space.Compact className="contacts-phone-field">
      <Select
        aria-label="País"
        style={{ width: 104, flex: 'none' }}
        popupMatchSelectWidth={240}
        showSearch={{ optionFilterProp: 'search' }}
        disabled={disabled}
        value={country.iso}
        onChange={(iso: string) => onChange?.({ ...value, country: iso })}
        options={COUNTRY_OPTIONS}
        labelRender={() => `+${country.dialCode}`}
      />
      <Input
        id={id}
        aria-label="Número de teléfono"
        placeholder="Número de teléfono"
        inputMode="tel"
        autoComplete="tel-national"
        style={{ flex: 1 }}
        disabled={disabled}
        value={value.number}
        onChange={(event) => onChange?.({ ...value, number: event.target.value })}
      />
    </Space.Compact>
  );
}
