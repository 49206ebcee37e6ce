import {
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_MESSAGES,
  type TemplateHeaderType,
  templateBodyExamples,
} from '@crm/shared';

/** The header a creation call describes: its text, or the URL of a file uploaded through /whatsappTemplate/media. */
export type RequestedHeader =
  | { type: 'text'; text: string }
  | { type: Exclude<TemplateHeaderType, 'text'>; url: string | null }
  // A format we do not offer: validateTemplateDraft refuses it with its own text.
  | { type: 'invalid'; format: string };

export interface RequestedComponents {
  text: string | null;
  examples: string[];
  header: RequestedHeader | null;
  footer: string | null;
}

export type ComponentsReading =
  | { ok: true; components: RequestedComponents }
  | { ok: false; field: 'components' | 'footer'; message: string };

const HEADER_TYPE_OF_FORMAT: Readonly<Record<string, Exclude<TemplateHeaderType, 'text'>>> = {
  IMAGE: 'imagen',
  VIDEO: 'imagen',
  DOCUMENT: 'doc',
};

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `body_text` as Meta writes it (one list of values per example, string[][]) or flat (string[]): Meta's form. */
function bodyTextOf(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.every((item) => typeof item === 'string') ? [value] : value;
}

/**
 * 02 §3 describes a template's components as `{format, text, exampleBody.body_text, exampleHeader.header_handle}`
 * (01 §3: the first one carries the text, the body examples and the header media). Such a component, without a
 * `type`, is read as the Cloud API parts it stands for: a BODY with its examples and, when `format` is a media
 * one, a HEADER whose header_handle[0] is the file's URL. Typed components may also carry their examples under
 * those names. Anything else is left as it came, for the reader to judge.
 */
function cloudComponents(item: unknown): unknown[] {
  const component = record(item);
  if (!component) return [item];
  const exampleBody = record(component.exampleBody);
  const exampleHeader = record(component.exampleHeader);
  const example = {
    ...(exampleBody && { body_text: bodyTextOf(exampleBody.body_text) }),
    ...(exampleHeader && { header_handle: exampleHeader.header_handle }),
    ...record(component.example),
  };
  if (component.type !== undefined) {
    return [exampleBody || exampleHeader ? { ...component, example } : component];
  }
  const parts: unknown[] = [];
  const format = typeof component.format === 'string' ? component.format.toUpperCase() : '';
  if (HEADER_TYPE_OF_FORMAT[format]) {
    parts.push({ type: 'HEADER', format, example: { header_handle: example.header_handle } });
  }
  parts.push({
    type: 'BODY',
    text: component.text,
    ...(example.body_text !== undefined && { example: { body_text: example.body_text } }),
  });
  return parts;
}

/**
 * Reads the `components` of POST /whatsappTemplate (Cloud API shape, as the shared buildTemplateComponents makes
 * them, or the spec's, see cloudComponents): one BODY, at most one HEADER and one FOOTER, nothing else (buttons are
 * not offered). The rules of each part are the shared draft rules', applied by the caller.
 */
export function readRequestedComponents(components: readonly unknown[]): ComponentsReading {
  const invalid = { ok: false, field: 'components', message: TEMPLATE_MESSAGES.componentsInvalid } as const;
  const seen = new Set<string>();
  const read: RequestedComponents = { text: null, examples: [], header: null, footer: null };
  for (const item of components.flatMap(cloudComponents)) {
    const component = record(item);
    const type = typeof component?.type === 'string' ? component.type.toUpperCase() : '';
    if (!component || !['HEADER', 'BODY', 'FOOTER'].includes(type) || seen.has(type)) return invalid;
    seen.add(type);
    if (type === 'BODY') {
      read.text = textOf(component.text);
      read.examples = templateBodyExamples([component]);
    } else if (type === 'FOOTER') {
      read.footer = textOf(component.text);
    } else {
      const format = typeof component.format === 'string' ? component.format.toUpperCase() : '';
      if (format === 'TEXT') {
        read.header = { type: 'text', text: textOf(component.text) ?? '' };
      } else if (HEADER_TYPE_OF_FORMAT[format]) {
        const handles = record(component.example)?.header_handle;
        const url = Array.isArray(handles) ? textOf(handles[0]) : null;
        read.header = { type: HEADER_TYPE_OF_FORMAT[format], url: url?.trim() || null };
      } else {
        read.header = { type: 'invalid', format };
      }
    }
  }
  const footer = read.footer?.trim() ?? '';
  if (footer.length > TEMPLATE_HEADER_TEXT_MAX) {
    return { ok: false, field: 'footer', message: TEMPLATE_MESSAGES.footerTooLong };
  }
  return { ok: true, components: read };
}
