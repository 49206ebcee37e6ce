import type { BillingConfigView } from '@crm/shared';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import {
  Authenticated,
  CurrentUser,
  Public,
  RequirePermissions,
} from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import type { PaymentCustomer, PaymentInvoice } from '../../providers/payments/payments-provider';
import {
  BillingService,
  type PaymentStateView,
  type PricingView,
  type SubscriptionView,
} from './billing.service';
import {
  DefaultCardInput,
  FirstPaymentInput,
  NewCardInput,
  PlanSelectionInput,
  SandboxEventInput,
} from './dto/billing.input';

/**
 * Issue 19, 01 §7 Billing: plans, the first payment, cards, cancellation and invoices. Reads need readPayments
 * or writePayments, changes writePayments; everything is the signed-in user's company's own.
 */
@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @ApiOperation({
    summary: 'Which payments provider answers (sandbox: a test mode) and Stripe’s publishable key',
  })
  @ApiSignedIn()
  @Authenticated()
  @Get('billing/config')
  config(): BillingConfigView {
    return this.billing.billingConfig();
  }

  @ApiOperation({ summary: 'Monthly price of an offered plan option, in USD and MXN (01 §9)' })
  @ApiErrors(400)
  @Public()
  @Get('pricing/:plan/:agents/:messages')
  pricing(
    @Param('plan') plan: string,
    @Param('agents') agents: string,
    @Param('messages') messages: string,
  ): PricingView {
    // Not an offered number (or not a number) is the same INCORRECT_PLAN_KEY as any option not offered.
    return this.billing.pricing(plan, Number(agents), Number(messages));
  }

  @ApiOperation({ summary: 'Set the company’s plan, seats and conversations without a charge' })
  @ApiSignedIn()
  @ApiErrors(400)
  @RequirePermissions('writePayments')
  @Post('update-test-plan')
  @HttpCode(200)
  updateTestPlan(@CurrentUser() user: AuthUser, @Body() input: PlanSelectionInput): Promise<PricingView> {
    return this.billing.updateTestPlan(user, input);
  }

  @ApiOperation({ summary: 'First payment: customer, card and subscription with the trial' })
  @ApiSignedIn()
  @ApiErrors(400, 404)
  @RequirePermissions('writePayments')
  @Post('payment/first')
  @HttpCode(200)
  firstPayment(@CurrentUser() user: AuthUser, @Body() input: FirstPaymentInput): Promise<PaymentStateView> {
    return this.billing.firstPayment(user, input);
  }

  @ApiOperation({ summary: 'The company’s payment state: subscription, customer and cards' })
  @ApiSignedIn()
  @RequirePermissions('readPayments', 'writePayments')
  @Get('stripe/getCustomer')
  getCustomer(@CurrentUser() user: AuthUser): Promise<PaymentStateView> {
    return this.billing.paymentState(user);
  }

  @ApiOperation({ summary: 'Cancel the subscription at the end of the billing period' })
  @ApiSignedIn()
  @ApiErrors(404)
  @RequirePermissions('writePayments')
  @Post('stripe/cancelSubscription')
  @HttpCode(200)
  cancelSubscription(@CurrentUser() user: AuthUser): Promise<SubscriptionView> {
    return this.billing.cancelAtPeriodEnd(user);
  }

  @ApiOperation({ summary: 'Cancel the subscription at the end of the billing period' })
  @ApiSignedIn()
  @ApiErrors(404)
  @RequirePermissions('writePayments')
  @Post('cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser): Promise<SubscriptionView> {
    return this.billing.cancelAtPeriodEnd(user);
  }

  @ApiOperation({ summary: 'Pay what is owed (open invoices) with the default card' })
  @ApiSignedIn()
  @ApiErrors(400, 404)
  @RequirePermissions('writePayments')
  @Post('cancel-balance')
  @HttpCode(200)
  cancelBalance(@CurrentUser() user: AuthUser): Promise<{ paidInvoices: number }> {
    return this.billing.payBalance(user);
  }

  @ApiOperation({ summary: 'The company’s customer at the payments provider, with its cards' })
  @ApiSignedIn()
  @ApiErrors(404)
  @RequirePermissions('readPayments', 'writePayments')
  @Get('customer/:id')
  customer(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<PaymentCustomer> {
    return this.billing.customer(user, id);
  }

  @ApiOperation({ summary: 'Add a card to the company’s customer, optionally as the default' })
  @ApiSignedIn()
  @ApiErrors(400, 404)
  @RequirePermissions('writePayments')
  @Post('customer/new-card')
  @HttpCode(200)
  newCard(@CurrentUser() user: AuthUser, @Body() input: NewCardInput): Promise<PaymentCustomer> {
    return this.billing.addCard(user, input);
  }

  @ApiOperation({ summary: 'Make a card the default one renewals charge' })
  @ApiSignedIn()
  @ApiErrors(400, 404)
  @RequirePermissions('writePayments')
  @Post('customer/card/default')
  @HttpCode(200)
  defaultCard(@CurrentUser() user: AuthUser, @Body() input: DefaultCardInput): Promise<PaymentCustomer> {
    return this.billing.setDefaultCard(user, input.providerCustomerId, input.providerMethodId);
  }

  @ApiOperation({ summary: 'Remove a card (not the default one while a subscription is live)' })
  @ApiSignedIn()
  @ApiErrors(404)
  @RequirePermissions('writePayments')
  @Delete('customer/:id/card/:cardId')
  deleteCard(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('cardId') cardId: string,
  ): Promise<PaymentCustomer> {
    return this.billing.deleteCard(user, id, cardId);
  }

  @ApiOperation({ summary: 'The company’s invoices, newest first, from the payments provider' })
  @ApiSignedIn()
  @RequirePermissions('readPayments', 'writePayments')
  @Get('billing/invoices')
  invoices(@CurrentUser() user: AuthUser): Promise<PaymentInvoice[]> {
    return this.billing.invoices(user);
  }

  @ApiOperation({ summary: 'Change the subscribed plan, seats and conversations (prorated)' })
  @ApiSignedIn()
  @ApiErrors(400, 404)
  @RequirePermissions('writePayments')
  @Post('billing/change-plan')
  @HttpCode(200)
  changePlan(@CurrentUser() user: AuthUser, @Body() input: PlanSelectionInput): Promise<SubscriptionView> {
    return this.billing.changePlan(user, input);
  }

  @ApiOperation({
    summary: 'Sandbox mode: make time pass at the provider (a renewal paid or refused, trial end, end)',
  })
  @ApiSignedIn()
  @ApiErrors(400, 404)
  @RequirePermissions('writePayments')
  @Post('billing/sandbox/events')
  @HttpCode(200)
  sandboxEvent(@CurrentUser() user: AuthUser, @Body() input: SandboxEventInput): Promise<PaymentStateView> {
    return this.billing.simulateEvent(user, input.type);
  }
}
