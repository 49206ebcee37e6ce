import { performance } from 'node:perf_hooks';
import { CHANNEL_PLATFORMS, INPUT_MESSAGES, PLATFORMS, stripNul } from '@crm/shared';
import { Controller, Get, HttpCode, Inject, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { MetricsService, type WebhookOutcome } from '../../common/observability/metrics.service';
import { ApiErrors } from '../../common/openapi/openapi.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { WebhookParseError } from '../../providers/channels/channel-provider';
import { ChannelRegistry } from '../channels/channel-registry.service';
import { InboundService } from '../messages/inbound.service';

// The path segments providers post to, from the platform table.
const WEBHOOK_SEGMENTS = CHANNEL_PLATFORMS.map((p) => PLATFORMS[p].webhookSegment).filter(
  (segment): segment is string => segment !== null,
);

/** A refused webhook's outcome for the metrics, from the answer it gets. */
function outcomeOf(error: unknown): WebhookOutcome {
  if (!(error instanceof AppException)) return 'error';
  if (error.code === 'UNAUTHORIZED') return 'unauthorized';
  if (error.code === 'NOT_FOUND') return 'not_found';
  return error.status === 400 ? 'bad_request' : 'error';
}

/**
 * Provider webhooks (ARCHITECTURE rule 5): authentication on the raw bytes first (nothing is stored for a bad
 * one), then parse, store exactly once, and answer 200 — also for ids we do not know, so no retry storm.
 */
@ApiTags('webhooks')
@Public()
@Controller('webhooks')
export class WebhooksController {
  private readonly logger = new Logger(WebhooksController.name);

  constructor(
    private readonly registry: ChannelRegistry,
    private readonly inbound: InboundService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /** Meta's subscription check: echo hub.challenge when hub.verify_token is ours. */
  @ApiOperation({ summary: "Meta's subscription check: echoes hub.challenge when hub.verify_token is ours" })
  @ApiParam({ name: 'provider', enum: ['whatsapp', 'messenger'] })
  @ApiQuery({ name: 'hub.mode', required: false, example: 'subscribe' })
  @ApiQuery({ name: 'hub.verify_token', required: false })
  @ApiQuery({ name: 'hub.challenge', required: false })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'hub.challenge', schema: { type: 'string' } })
  @ApiResponse({
    status: 403,
    description: 'Wrong or missing verify token',
    content: { 'text/plain': { schema: { type: 'string', example: 'Forbidden' } } },
  })
  @Get(':provider')
  verify(
    @Param('provider') provider: string,
    @Query('hub.mode') mode: string | undefined,
    @Query('hub.verify_token') token: string | undefined,
    @Query('hub.challenge') challenge: string | undefined,
    @Res() res: Response,
  ): void {
    const answer =
      this.registry.forWebhook(provider)?.answerSubscription?.({ mode, token, challenge }) ?? null;
    if (answer === null) {
      res.status(403).type('text/plain').send('Forbidden');
      return;
    }
    res.status(200).type('text/plain').send(answer);
  }

  // /webhooks/<provider>/<channel>: for providers configured per number whose payloads may not name it (360dialog).
  @ApiOperation({
    summary: "A provider's events (messages, statuses), authenticated by its signature on the raw body",
    description:
      'Answers 200 also for ids of no channel of ours, so the provider does not retry. /webhooks/{provider}/{channel} is for providers configured per number (360dialog).',
  })
  @ApiParam({ name: 'provider', enum: WEBHOOK_SEGMENTS })
  @ApiParam({
    name: 'channel',
    description: 'The receiving number, for providers whose payloads may not name it',
  })
  @ApiHeader({
    name: 'X-Hub-Signature-256',
    required: false,
    description: 'WhatsApp Cloud API and Messenger',
  })
  @ApiHeader({ name: 'X-Webhook-Token', required: false, description: '360dialog' })
  @ApiHeader({ name: 'X-Twilio-Signature', required: false, description: 'SMS (Twilio)' })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({
    description: "The provider's payload as it sends it",
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { received: { type: 'boolean', enum: [true] } } } })
  @ApiErrors(400, 401, 404, 413)
  @Post([':provider', ':provider/:channel'])
  @HttpCode(200)
  async receive(
    @Param('provider') provider: string,
    @Param('channel') channel: string | undefined,
    @Req() req: Request,
  ): Promise<{ received: true }> {
    const started = performance.now();
    const platform = this.registry.forWebhook(provider)?.platform ?? null;
    try {
      const answer = await this.ingest(provider, channel, req);
      this.metrics.observeWebhook(platform, 'accepted', (performance.now() - started) / 1000);
      return answer;
    } catch (error) {
      this.metrics.observeWebhook(platform, outcomeOf(error), (performance.now() - started) / 1000);
      throw error;
    }
  }

  private async ingest(
    provider: string,
    channel: string | undefined,
    req: Request,
  ): Promise<{ received: true }> {
    const adapter = this.registry.forWebhook(provider);
    if (!adapter) throw new AppException('NOT_FOUND');
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const request = {
      headers: req.headers,
      rawBody,
      url: `${this.config.appUrl}${req.originalUrl}`,
      channelHint: channel,
    };
    if (!(await this.registry.verifyWebhook(adapter, request))) {
      this.logger.warn(`${provider} webhook with a missing or wrong signature refused`);
      throw new AppException('UNAUTHORIZED', { message: 'Invalid webhook signature' });
    }
    let events: ReturnType<typeof adapter.parseWebhook>;
    try {
      // PostgreSQL cannot store U+0000 and refusing it would make the provider retry forever: it is dropped from
      // every parsed string (after verification, which needs the bytes as signed).
      events = stripNul(adapter.parseWebhook(request));
    } catch (error) {
      // Parsing touches nothing but the signed body: whatever fails there is the body's shape, never a 5xx that
      // the provider would retry for days.
      if (!(error instanceof WebhookParseError || error instanceof SyntaxError))
        this.logger.error(`${provider} webhook body could not be read: ${String(error)}`);
      throw AppException.validation('body', INPUT_MESSAGES.webhookBody);
    }
    const result = await this.inbound.ingest(adapter.platform, events);
    if (result.unknownChannel > 0)
      this.logger.warn(`${provider} webhook named ${result.unknownChannel} unknown channel(s)`);
    return { received: true };
  }
}
