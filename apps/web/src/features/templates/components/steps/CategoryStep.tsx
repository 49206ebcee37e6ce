import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from '@crm/shared';
import { Form, Radio, Tag } from 'antd';
import type { StepProps } from './stepProps';

const CATEGORY_HINTS: Readonly<Record<TemplateCategory, string>> = {
  utility:
    'Avisos sobre algo que el cliente pidió o contrató: confirmaciones, recordatorios de citas, estado de pedidos, pagos.',
  marketing: 'Promociones, ofertas, descuentos, novedades o invitaciones a comprar.',
};

/** 02 §2 'category': utility or marketing, with the one /identify-variables proposed already chosen. */
export function CategoryStep({ draft, update, errors }: StepProps) {
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label="Categoría"
        required
        validateStatus={errors.category ? 'error' : undefined}
        help={
          errors.category ??
          'WhatsApp revisa que la categoría corresponda al mensaje; una plantilla mal clasificada puede ser rechazada.'
        }
      >
        <Radio.Group
          value={draft.category ?? undefined}
          onChange={(event) => update({ category: event.target.value })}
          className="tpl-choice-group"
        >
          {TEMPLATE_CATEGORIES.map((category) => (
            <Radio key={category} value={category} className="tpl-choice">
              <strong>{TEMPLATE_CATEGORY_LABELS[category]}</strong>
              {draft.proposedCategory === category ? (
                <Tag color="blue" className="tpl-suggested">
                  Sugerida
                </Tag>
              ) : null}
              <span className="tpl-choice-hint">{CATEGORY_HINTS[category]}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </Form>
  );
}
