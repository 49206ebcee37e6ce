import { TEMPLATE_OPTION_TEXT_MAX } from '@crm/shared';
import type { WhatsappTemplate } from './api/templates.graphql';

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The text of the template's BODY component (Meta's component list). */
export function templateBody(template: Pick<WhatsappTemplate, 'components'>): string {
  if (!Array.isArray(template.components)) return '';
  for (const component of template.components) {
    if (typeof component !== 'object' || component === null) continue;
    const { type, text } = component as { type?: unknown; text?: unknown };
    if (typeof type === 'string' && type.toUpperCase() === 'BODY' && typeof text === 'string') return text;
  }
  return '';
}

/** How many values the body needs: the stored count, or the highest {{n}} when the body names more. */
export function templateVariableCount(template: Pick<WhatsappTemplate, 'components' | 'variables'>): number {
  let highest = 0;
  for (const match of templateBody(template).matchAll(VARIABLE)) {
    highest = Math.max(highest, Number(match[1]));
  }
  return Math.max(template.variables, highest);
}

/** The body as the customer will read it; a variable without a value stays visible as {{n}}. */
export function fillTemplateBody(body: string, values: readonly string[]): string {
  return body.replace(VARIABLE, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value !== undefined && value.trim() !== '' ? value : whole;
  });
}

/** 02 §2: template option text is cut to 80 characters. */
export function templateOptionText(template: Pick<WhatsappTemplate, 'name' | 'components'>): string {
  const body = templateBody(template);
  const text = body ? `${template.name}: ${body}` : template.name;
  return text.length > TEMPLATE_OPTION_TEXT_MAX ? `${text.slice(0, TEMPLATE_OPTION_TEXT_MAX)}…` : text;
}

/** Every variable has a value (WhatsApp refuses a template with an empty parameter). */
export function templateReady(count: number, values: readonly string[]): boolean {
  for (let index = 0; index < count; index += 1) {
    if ((values[index] ?? '').trim() === '') return false;
  }
  return true;
}
