import {
  type ErrorCode,
  isErrorCode,
  isTemplateCategory,
  isTemplateType,
  sendsTemplates,
  type TemplateView,
} from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';
import {
  type ChannelProvider,
  ProviderError,
  ProviderValidationError,
  type TemplateProviderPort,
} from '../../providers/channels/channel-provider';
import type { ChannelRow } from '../channels/channels.repository';
import type { TemplateListing } from './templates.repository';

/** 02 §3 WhatsApp template as REST, GraphQL and the socket show it. */
export function templateView(row: TemplateListing): TemplateView {
  return {
    id: row.id,
    channelId: row.channelId,
    channel:
      row.channelName !== null && row.channelProviderId !== null
        ? { id: row.channelId, name: row.channelName, providerId: row.channelProviderId }
        : null,
    name: row.name,
    language: row.language,
    status: row.status,
    rawStatus: row.rawStatus,
    reason: row.reason,
    // Rows older than these rules hold the column defaults, which are valid values.
    type: isTemplateType(row.type) ? row.type : 'NORMAL_TEMPLATE',
    category: isTemplateCategory(row.category) ? row.category : 'utility',
    components: row.components,
    variables: row.variables,
    createdAt: row.createdAt,
    origin: row.origin,
  };
}

/** The channel's template port; TEMPLATES_NOT_SUPPORTED for a platform the table says has no templates. */
export function templatePort(adapter: ChannelProvider, channel: ChannelRow): TemplateProviderPort {
  if (!sendsTemplates(channel.platform) || !adapter.templates) {
    throw new AppException('TEMPLATES_NOT_SUPPORTED', {
      field: 'channelId',
      message: `Channel ${channel.id} (${channel.platform}) has no templates`,
    });
  }
  return adapter.templates;
}

/**
 * A provider's refusal as the caller sees it: a field it names is a 400 on that field; a code of the catalogue
 * (TEMPLATE_ALREADY_EXISTS, TEMPLATE_NAME_NOT_AVAILABLE, PROVIDER_RATE_LIMITED…) keeps its code; anything else is
 * the operation's own failure code.
 */
export function providerRefusal(error: unknown, fallback: ErrorCode): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error instanceof ProviderValidationError) {
    return new AppException('TEMPLATE_ERROR', { field: error.field, message: error.info });
  }
  const field =
    error.code === 'TEMPLATE_ALREADY_EXISTS' || error.code === 'TEMPLATE_NAME_NOT_AVAILABLE'
      ? 'name'
      : undefined;
  const code = isErrorCode(error.code) && error.code !== 'VALIDATION_ERROR' ? error.code : fallback;
  return new AppException(code, { field, message: error.info });
}
