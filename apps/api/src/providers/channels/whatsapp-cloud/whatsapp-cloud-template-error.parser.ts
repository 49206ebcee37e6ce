import type { TemplateDraftField } from '@crm/shared';
import { ProviderError, ProviderValidationError } from '../channel-provider';
import type { HttpResult } from '../http-client';
import type { GraphError } from './whatsapp-cloud.types';
import { graphErrorInfo, parseWhatsappError, readGraphError } from './whatsapp-cloud-error.parser';

/**
 * Template management refusals (POST/GET/DELETE /{waba-id}/message_templates) → our codes. Meta answers them all as
 * code 100 "Invalid parameter" and says which rule in the subcode and error_user_title / error_user_msg:
 * 2388024 "Message template already exists" (that name already has content in that language), 2388023 "Message
 * template is being deleted" (the name stays taken for weeks after a delete), 2593002 "Message template not found"
 * (a delete of a name the account no longer has). Rate limits, outages and token problems read as for sends. https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates
 */

const ALREADY_EXISTS_SUBCODE = 2388024;
const BEING_DELETED_SUBCODE = 2388023;
const NOT_FOUND_SUBCODE = 2593002;
// Character limit of a component (2388040) and header format (2388047): which part is wrong, when the words do not say.
const FIELD_OF_SUBCODE: ReadonlyMap<number, TemplateField> = new Map([
  [2388040, 'text'],
  [2388047, 'header'],
]);
const INVALID_PARAMETER = 100;
// "HSM Template creation failed": a refusal of the template as a whole.
const TEMPLATE_CREATION_FAILED = 200002;

/** The draft field a refusal is about; `language` is the company's template language, not a draft field. */
export type TemplateField = TemplateDraftField | 'language';

/** The Graph error of a template call as our error; `fallback` reads what is not Meta's (360dialog's gateway). */
export function parseTemplateError(
  result: HttpResult,
  fallback: (result: HttpResult) => ProviderError = parseWhatsappError,
): ProviderError {
  const error = readGraphError(result.json);
  if (!error) return templateErrorFromWords(fallback(result), result.status);
  const info = templateErrorInfo(error);
  const words = `${error.error_user_title ?? ''} ${error.error_user_msg ?? ''}`;
  if (error.error_subcode === ALREADY_EXISTS_SUBCODE || /already exists/i.test(words)) {
    return new ProviderError('TEMPLATE_ALREADY_EXISTS', false, info, code(error));
  }
  if (error.error_subcode === BEING_DELETED_SUBCODE || /being deleted/i.test(words)) {
    return new ProviderError('TEMPLATE_NAME_NOT_AVAILABLE', false, info, code(error));
  }
  // A delete of a name the account no longer has ("Message template not found").
  if (error.error_subcode === NOT_FOUND_SUBCODE || /not found|wasn't found/i.test(words)) {
    return new ProviderError('TEMPLATE_NOT_FOUND', false, info, code(error));
  }
  const general = parseWhatsappError(result);
  if (general.retryable || general.code === 'PROVIDER_AUTH_ERROR') return general;
  if (error.code === INVALID_PARAMETER) {
    return new ProviderValidationError(fieldOf(error), info, code(error));
  }
  if (error.code === TEMPLATE_CREATION_FAILED)
    return new ProviderError('TEMPLATE_ERROR', false, info, code(error));
  return asTemplateError(general, info);
}

/** A refusal the send codes would call SEND_MESSAGE_ERROR is, for a template call, the template's. */
function asTemplateError(error: ProviderError, info = error.info): ProviderError {
  if (error.code !== 'SEND_MESSAGE_ERROR') return error;
  return new ProviderError('TEMPLATE_ERROR', false, info, error.providerCode, error.retryAfterMs);
}

/**
 * 360dialog's gateway words its refusals in a developer message: the same cases are read from it. Its delete of a
 * name the number does not have answers 404 with words of its own ("Template … does not exist").
 */
function templateErrorFromWords(error: ProviderError, status: number): ProviderError {
  if (error.retryable) return error;
  if (status === 404 || /not found|does not exist|doesn't exist|no template/i.test(error.info)) {
    return new ProviderError('TEMPLATE_NOT_FOUND', false, error.info, error.providerCode);
  }
  if (/already exists/i.test(error.info)) {
    return new ProviderError('TEMPLATE_ALREADY_EXISTS', false, error.info, error.providerCode);
  }
  if (/being deleted/i.test(error.info)) {
    return new ProviderError('TEMPLATE_NAME_NOT_AVAILABLE', false, error.info, error.providerCode);
  }
  return asTemplateError(error);
}

/** "100/2388024" with the subcode, so logs tell the rule apart. */
function code(error: GraphError): string | number {
  return error.error_subcode === undefined ? error.code : `${error.code}/${error.error_subcode}`;
}

/** Meta's own words for the person who typed the template, then the technical message. */
function templateErrorInfo(error: GraphError): string {
  const user = [error.error_user_title, error.error_user_msg].filter((part) => part && part.trim() !== '');
  const base = graphErrorInfo(error);
  return user.length > 0 ? `${user.join(': ')} (${base})` : base;
}

/**
 * Which part of the draft Meta refused, from its words (they name the component: "header", "body", "footer",
 * "name"…), else from the subcode; the message text when nothing says.
 */
function fieldOf(error: GraphError): TemplateField {
  const words = [error.error_user_title, error.error_user_msg, error.error_data?.details]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .toLowerCase();
  if (/categor/.test(words)) return 'category';
  if (/\blanguage\b|\blocale\b/.test(words)) return 'language';
  if (/header|media|handle|image|video|document/.test(words)) return 'header';
  if (/\bname\b/.test(words)) return 'name';
  if (/variable|parameter|placeholder|example|sample/.test(words)) return 'variables';
  if (/body|footer|text|character|format/.test(words)) return 'text';
  return (error.error_subcode !== undefined && FIELD_OF_SUBCODE.get(error.error_subcode)) || 'text';
}
