import { Input, Select, Space } from 'antd';

// 02 §2: default Mexico; preferred Mexico, Argentina, Bolivia, Chile, Cook Islands, Ecuador, Peru, Uruguay, Venezuela.
export const PHONE_COUNTRIES = [
  { code: '52', label: 'México' },
  { code: '54', label: 'Argentina' },
  { code: '591', label: 'Bolivia' },
  { code: '56', label: 'Chile' },
  { code: '682', label: 'Islas Cook' },
  { code: '593', label: 'Ecuador' },
  { code: '51', label: 'Perú' },
  { code: '598', label: 'Uruguay' },
  { code: '58', label: 'Venezuela' },
  { code: '57', label: 'Colombia' },
  { code: '502', label: 'Guatemala' },
  { code: '1', label: 'Estados Unidos' },
  { code: '34', label: 'España' },
] as const;

export interface PhoneValue {
  country: string;
  number: string;
}

interface PhoneFieldProps {
  value?: PhoneValue;
  onChange?: (value: PhoneValue) => void;
  id?: string;
}

/** International phone: a country code picked from the list (not typed) and the national number. */
export function PhoneField({ value = { country: '52', number: '' }, onChange, id }: PhoneFieldProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label="País"
        style={{ width: 170 }}
        value={value.country}
        onChange={(country) => onChange?.({ ...value, country })}
        options={PHONE_COUNTRIES.map((c) => ({ value: c.code, label: `${c.label} +${c.code}` }))}
      />
      <Input
        id={id}
        placeholder="Número de teléfono"
        inputMode="tel"
        value={value.number}
        onChange={(event) => onChange?.({ ...value, number: event.target.value })}
      />
    </Space.Compact>
  );
}

/** The full number with its country code, digits only, as the server expects it. */
export function fullPhone(value: PhoneValue): string {
  return `${value.country}${value.number.replace(/\D/g, '')}`;
}
