import { Controller, Headers, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors } from '../../common/openapi/openapi.decorators';
import {
  PAYMENTS_PROVIDER,
  type PaymentsProvider,
  WebhookSignatureError,
} from '../../providers/payments/payments-provider';
import { BillingEventsService } from './billing-events.service';

/**
 * Stripe's webhooks (ARCHITECTURE rule 5): the Stripe-Signature header is checked on the raw bytes by the SDK
 * before anything else (a bad one is a 400 and changes nothing); the event is then applied exactly once.
 */
@ApiTags('webhooks')
@Public()
@Controller('webhooks/stripe')
export class StripeWebhookController {
  private readonly logger = new Logger(StripeWebhookController.name);

  constructor(
    @Inject(PAYMENTS_PROVIDER) private readonly provider: PaymentsProvider,
    private readonly events: BillingEventsService,
  ) {}

  @ApiOperation({
    summary: "Stripe's billing events (invoice paid or failed, subscription deleted, trial ending)",
    description: 'Answers 404 in sandbox mode (no Stripe keys), where the sandbox raises its events itself.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiBody({ description: "Stripe's event", schema: { type: 'object', additionalProperties: true } })
  @ApiOkResponse({ schema: { type: 'object', properties: { received: { type: 'boolean', enum: [true] } } } })
  @ApiErrors(400, 404, 413)
  @Post()
  @HttpCode(200)
  async receive(
    @Req() req: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    if (this.provider.mode !== 'stripe')
      throw new AppException('NOT_FOUND', { message: 'Stripe is not configured' });
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: ReturnType<PaymentsProvider['parseWebhook']>;
    try {
      event = this.provider.parseWebhook(rawBody, signature);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      this.logger.warn(`Stripe webhook refused: ${error.message}`);
      throw new AppException('VALIDATION_ERROR', {
        field: 'Stripe-Signature',
        message: 'Invalid Stripe signature',
      });
    }
    if (event) await this.events.apply(event);
    return { received: true };
  }
}
