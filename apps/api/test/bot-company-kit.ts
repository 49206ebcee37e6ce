import { expect } from 'vitest';
import type { ProviderRequest } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, type TestApp } from './helpers';
import type { InboxTestApp } from './inbox-helpers';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

// Issue 17 (surveys, welcome messages): a company of its own with a WhatsApp Cloud channel whose sends go to the
// suite's fake Graph API, and the customer's messages as Meta's webhooks carry them (documented fixtures).

export interface BotCompany {
  token: string;
  companyId: number;
  ownerId: number;
  channelId: number;
  /** The channel's phone number id: where its webhooks come from and its sends go. */
  providerId: string;
  spaceId: number;
}

/** A newly registered company with a WhatsApp Cloud channel in a space its owner belongs to. */
export async function botCompany(t: InboxTestApp, label: string): Promise<BotCompany> {
  const { token, companyId } = await newCompany(t, t.ds, label);
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(t, t.ds, companyId, 'whatsapp_cloud', providerId, `token-${providerId}`);
  const [{ id: ownerId }] = await t.ds.query(
    `SELECT id FROM users WHERE "companyId" = $1 ORDER BY id LIMIT 1`,
    [companyId],
  );
  const [{ id: spaceId }] = await t.ds.query(
    `INSERT INTO spaces ("companyId", name) VALUES ($1, $2) RETURNING id`,
    [companyId, `Espacio ${providerId}`],
  );
  await t.ds.query(`INSERT INTO space_channels ("spaceId", "channelId") VALUES ($1, $2)`, [
    spaceId,
    channelId,
  ]);
  await t.ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    ownerId,
    spaceId,
  ]);
  return { token, companyId, ownerId, channelId, providerId, spaceId };
}

let phoneSeq = 0;
/** A Colombian number (no 52→521 rewriting) no other test of the run gets. */
export function newPhone(): string {
  phoneSeq += 1;
  return `573${String(Date.now()).slice(-6)}${String(phoneSeq).padStart(3, '0')}`;
}

let wamidSeq = 0;
function wamid(): string {
  wamidSeq += 1;
  return `wamid.BOT${Date.now()}x${wamidSeq}`;
}

const TEXT_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=';
const BUTTON_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUJDMjQ1MzE0NjYzQkU4OUU2AA==';
const LIST_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFDNEZDQzM4QUQ5QzdGRjQ4AA==';

function at(body: string, ageSeconds: number): string {
  return body.replace(/"timestamp": "\d+"/g, `"timestamp": "${Math.floor(Date.now() / 1000) - ageSeconds}"`);
}

/** A customer's message as a webhook: its body and its message id (posting the same body twice is a redelivery). */
export interface CustomerMessage {
  body: string;
  id: string;
}

/** One of Meta's webhook fixtures as sent to the company's channel by `from`, with a fresh message id. */
function customerMessage(
  fixture: string,
  company: BotCompany,
  from: string,
  fixtureWamid: string,
  replacements: Record<string, string>,
  ageSeconds = 0,
): CustomerMessage {
  const id = wamid();
  const body = whatsappFixture(fixture, {
    '100000000000001': company.providerId,
    '16505551234': from,
    [fixtureWamid]: id,
    ...replacements,
  });
  return { body: at(body, ageSeconds), id };
}

/** A text written `ageSeconds` ago (0: now, the reply window open). */
export function customerText(
  company: BotCompany,
  from: string,
  text: string,
  { name = 'Sheena Nelson', ageSeconds = 0 }: { name?: string; ageSeconds?: number } = {},
): CustomerMessage {
  return customerMessage(
    'message-text',
    company,
    from,
    TEXT_WAMID,
    { 'Does it come in another color?': text, 'Sheena Nelson': name },
    ageSeconds,
  );
}

/** A tapped reply button (Cloud API `interactive.button_reply`). */
export function customerButton(
  company: BotCompany,
  from: string,
  replyId: string,
  title: string,
): CustomerMessage {
  return customerMessage('message-interactive-button-reply', company, from, BUTTON_WAMID, {
    '"cancel-button"': JSON.stringify(replyId),
    '"Cancel"': JSON.stringify(title),
  });
}

/** A chosen list row (Cloud API `interactive.list_reply`). */
export function customerListReply(
  company: BotCompany,
  from: string,
  replyId: string,
  title: string,
): CustomerMessage {
  return customerMessage('message-interactive-list-reply', company, from, LIST_WAMID, {
    '"priority_express"': JSON.stringify(replyId),
    '"Priority Mail Express"': JSON.stringify(title),
    '"Next Day to 2 Days"': JSON.stringify(''),
  });
}

/** Posts the webhook, signed, and expects Meta's 200. */
export async function deliver(t: TestApp, message: CustomerMessage): Promise<void> {
  expect((await postWhatsapp(t, message.body)).status).toBe(200);
}

/** The conversation of that customer on the company's channel. */
export async function conversationOf(t: InboxTestApp, company: BotCompany, from: string): Promise<number> {
  const [row] = await t.ds.query(`SELECT id FROM clients WHERE "channelId" = $1 AND "senderId" LIKE $2`, [
    company.channelId,
    `${from}%`,
  ]);
  return row.id as number;
}

/**
 * Every message body the fake Graph API received for this number, in order, without the tracking id every send
 * carries (biz_opaque_callback_data, our message's id: the two-instance test asserts on it).
 */
export function graphSendsTo(t: InboxTestApp, phone: string): Array<Record<string, unknown>> {
  return t.graph.requests
    .filter((request: ProviderRequest) => request.method === 'POST' && request.path.endsWith('/messages'))
    .map((request) => request.json as Record<string, unknown>)
    .filter((json) => json?.to === phone)
    .map(({ biz_opaque_callback_data: _tracking, ...body }) => body);
}

/** Until `read` gives a value `done` accepts (or the time is up); the last value, for the test to assert on. */
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  ms = 8000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Until no automation or send job of the run is waiting: what a customer's message set off has been done, so a
 * test can assert that something was NOT sent.
 */
export async function settled(t: InboxTestApp, ms = 8000): Promise<void> {
  await eventually(
    async () => {
      const [{ n }] = await t.ds.query(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs
          WHERE task_identifier IN ('automation-inbound', 'send-message') AND attempts < max_attempts`,
      );
      return n as number;
    },
    (n) => n === 0,
    ms,
  );
}

/** A GraphQL call that must succeed. */
export async function gqlOk<T>(
  t: TestApp,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await gql<T>(t, token, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}
