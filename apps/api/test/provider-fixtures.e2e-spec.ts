import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { twilioSignature } from '../src/providers/channels/sms/twilio-signature';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import { metaSignature } from './webhook-helpers';

/**
 * Every payload of the shared provider fixtures (real webhooks of WhatsApp Cloud, 360dialog, Messenger and Twilio),
 * replayed against the product with their routing ids, message ids and sender ids made this run's own, then read
 * back as an agent reads them: GraphQL `messages(clientId)` and `conversation(clientId)`.
 *
 * The file's conventions: `thread` groups the fixtures of one conversation (one sender); a thread named after a
 * fixture id is that fixture's conversation; `fresh` opens it (its timestamp becomes now, so the reply window is
 * open); `refs` point at earlier messages: a number is the n-th message this test sent in the thread, a fixture id
 * that fixture's message, 'unknown' a message nobody has.
 */

// The repository's parent holds shared/ (here /work/shared; in CI a copy beside the clone).
const FIXTURES_FILE = join(__dirname, '../../../../shared/fixtures/provider-webhooks.json');
const APP_URL = 'https://crm.example.com';
const SMS_TOKEN = 'fixture-twilio-auth-token';
const WHATSAPP_SECRET = 'dev-whatsapp-app-secret';
const MESSENGER_SECRET = 'dev-messenger-app-secret';
const DIALOG360_TOKEN = 'dev-360dialog-webhook-token';

type Json = Record<string, unknown>;
type ChannelKind = 'whatsapp' | '360dialog' | 'messenger' | 'sms';

interface Fixture {
  id: string;
  channel: ChannelKind;
  kind: string;
  source: string;
  thread?: string | null;
  fresh?: boolean;
  refs?: Record<string, string | number>;
  page_id?: string;
  body?: unknown;
  form?: Array<[string, string]>;
}

interface AgentMessage {
  id: number;
  type: string;
  content: string;
  sender: string;
  messageStatus: string | null;
  messageApiId: string | null;
  errorCode: string | null;
  quotedMsgId: number | null;
  payload: Json | null;
  editedAt: string | null;
}

interface AgentConversation {
  id: number;
  senderId: string;
  name: string | null;
  unreadMessages: number;
  lastMessage: string | null;
  lastMessageSender: string | null;
  referral: Json | null;
}

const FIXTURES: Fixture[] = (JSON.parse(readFileSync(FIXTURES_FILE, 'utf8')) as { fixtures: Fixture[] })
  .fixtures;

const isObj = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objs = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObj) : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const RUN = String(Date.now()).slice(-7);
let counter = 0;
/** A number unique to this run and call. */
const seq = () => {
  counter += 1;
  return `${RUN}${String(counter).padStart(4, '0')}`;
};

// This run's channels (Demo company, so admin@demo.local sees them).
const WA_PHONE_NUMBER_ID = `91${RUN}01`;
const WA_DISPLAY = `1555${RUN}`;
const D360_NUMBER = `1556${RUN}`;
const PAGE_ID = `92${RUN}03`;
const SMS_NUMBER = `1557${RUN}`;

interface Sender {
  /** Phone digits; never starting with 521, so the inbox shows it as + and the digits. */
  phone: string;
  /** Business-scoped user id (WhatsApp usernames). */
  bsuid: string;
  /** Messenger page-scoped id. */
  psid: string;
  /** The number a number change moves to. */
  newPhone: string;
}

function newSender(): Sender {
  const n = seq();
  return { phone: `44${n}`, bsuid: `US.${n}`, psid: `77${n}`, newPhone: `45${n}` };
}

interface SentMessage {
  id: number;
  apiId: string;
  time: Date;
}

let t: TestApp;
let ds: TestSql;
let admin: string;
let provider: Server;
let providerUrl: string;
const channelIds: Record<ChannelKind, number> = { whatsapp: 0, '360dialog': 0, messenger: 0, sms: 0 };
const senderOfThread = new Map<string, Sender>();
const senderOfFixture = new Map<string, Sender>();
/** The first message id each fixture was posted with, for refs. */
const messageIdOf = new Map<string, string>();
const sentInThread = new Map<string, SentMessage[]>();

/**
 * Loopback stand-in for the four providers' send APIs: every send gets a fresh id, as the real ones answer. Media
 * downloads of received files (hosts rewritten here) find nothing.
 */
async function startProviders(): Promise<void> {
  let sends = 0;
  provider = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      sends += 1;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && /^\/(wa\/[^/]+\/[^/]+|d360)\/messages$/.test(path))
        return json(200, {
          messaging_product: 'whatsapp',
          contacts: [],
          messages: [{ id: `wamid.SENT.${RUN}.${sends}` }],
        });
      if (req.method === 'POST' && /^\/fb\/[^/]+\/[^/]+\/messages$/.test(path))
        return json(200, { recipient_id: 'x', message_id: `m_SENT.${RUN}.${sends}` });
      if (req.method === 'POST' && /^\/sms\/Accounts\/[^/]+\/Messages\.json$/.test(path))
        return json(201, {
          sid: `SMSENT${RUN}${sends}`,
          account_sid: 'ACfixtures',
          from: `+${SMS_NUMBER}`,
          to: '+1',
          body: '',
          status: 'queued',
          num_media: '0',
          num_segments: '1',
          error_code: null,
          error_message: null,
          date_created: new Date().toUTCString(),
          uri: '/x',
        });
      json(404, { error: { message: 'Not found', code: 100 } });
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startProviders();
  t = await startTestApp({
    APP_URL,
    JOB_POLL_MS: '50',
    WHATSAPP_GRAPH_URL: `${providerUrl}/wa/v25.0`,
    DIALOG360_URL: `${providerUrl}/d360`,
    MESSENGER_GRAPH_URL: `${providerUrl}/fb/v25.0`,
    SMS_API_URL: `${providerUrl}/sms`,
  });
  ds = testSql();
  const channels = t.app.get(ChannelsService);
  const [{ id: companyId }] = await ds.query(`SELECT id FROM companies WHERE name = 'Demo'`);
  const rows: Array<{ id: number; platform: string }> = await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", phone, "accessToken") VALUES
       ($1, 'Fixtures WhatsApp', 'whatsapp_cloud', $2, $3, $6),
       ($1, 'Fixtures 360dialog', 'dialog360', $4, $4, $7),
       ($1, 'Fixtures Messenger', 'messenger', $5, NULL, $8),
       ($1, 'Fixtures SMS', 'sms', $9, $9, $10)
     RETURNING id, platform`,
    [
      companyId,
      WA_PHONE_NUMBER_ID,
      WA_DISPLAY,
      D360_NUMBER,
      PAGE_ID,
      channels.sealToken('wa-token'),
      channels.sealToken('d360-key'),
      channels.sealToken('page-token'),
      SMS_NUMBER,
      channels.sealToken(`ACfixtures:${SMS_TOKEN}`),
    ],
  );
  const byPlatform: Record<string, ChannelKind> = {
    whatsapp_cloud: 'whatsapp',
    dialog360: '360dialog',
    messenger: 'messenger',
    sms: 'sms',
  };
  for (const row of rows) channelIds[byPlatform[row.platform] as ChannelKind] = row.id;
  admin = await login(t, 'admin@demo.local');
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

// ---- Who writes, and which earlier message a ref means ----

function senderFor(fixture: Fixture): Sender {
  const thread = fixture.thread;
  let sender: Sender | undefined;
  if (thread) sender = senderOfFixture.get(thread) ?? senderOfThread.get(thread);
  sender ??= newSender();
  if (thread && !senderOfFixture.has(thread)) senderOfThread.set(thread, sender);
  senderOfFixture.set(fixture.id, sender);
  return sender;
}

function refId(fixture: Fixture, name: string): string | undefined {
  const ref = fixture.refs?.[name];
  if (ref === undefined) return undefined;
  if (typeof ref === 'number') {
    const sent = sentInThread.get(fixture.thread ?? '')?.[ref - 1];
    if (!sent) throw new Error(`${fixture.id}: message ${ref} of thread ${fixture.thread} was not sent`);
    return sent.apiId;
  }
  if (ref === 'unknown') return `unknown.${seq()}`;
  const id = messageIdOf.get(ref);
  if (!id) throw new Error(`${fixture.id}: ${ref} has not been posted before it`);
  return id;
}

function refTime(fixture: Fixture, name: string): number {
  const ref = fixture.refs?.[name];
  const sent = typeof ref === 'number' ? sentInThread.get(fixture.thread ?? '')?.[ref - 1] : undefined;
  return sent ? sent.time.getTime() : Date.now();
}

const nowSeconds = () => String(Math.floor(Date.now() / 1000));
const mediaUrl = (original: string) => `${providerUrl}/media/${encodeURIComponent(original.slice(-40))}`;

// ---- Rewriting: only routing ids, message ids, sender ids, status/opening timestamps and media hosts ----

const WA_MEDIA = ['image', 'video', 'audio', 'document', 'sticker'] as const;

function rewriteWhatsappMessage(fixture: Fixture, message: Json, sender: Sender, ids: string[]): void {
  if (message.from !== undefined) message.from = sender.phone;
  if (message.from_user_id !== undefined) message.from_user_id = sender.bsuid;
  // Some relays send no id: left out, the product derives one.
  if (message.id !== undefined) {
    message.id = `wamid.${fixture.id}.${seq()}`;
    ids.push(message.id as string);
  }
  if (fixture.fresh) message.timestamp = nowSeconds();
  const context = message.context;
  if (isObj(context) && context.id !== undefined)
    context.id = refId(fixture, 'context') ?? `wamid.ctx.${seq()}`;
  if (isObj(message.reaction)) message.reaction.message_id = refId(fixture, 'reaction') ?? `wamid.r.${seq()}`;
  if (isObj(message.edit)) {
    message.edit.original_message_id = refId(fixture, 'edit');
    if (isObj(message.edit.message)) rewriteMedia(message.edit.message);
  }
  if (isObj(message.revoke)) message.revoke.original_message_id = refId(fixture, 'revoke');
  if (isObj(message.system) && message.system.wa_id !== undefined) message.system.wa_id = sender.newPhone;
  rewriteMedia(message);
}

function rewriteMedia(message: Json): void {
  for (const type of WA_MEDIA) {
    const media = message[type];
    if (isObj(media) && typeof media.url === 'string') media.url = mediaUrl(media.url);
  }
}

function rewriteWhatsapp(fixture: Fixture, sender: Sender, ids: string[]): { body: Json; path: string } {
  const body = clone(fixture.body) as Json;
  const dialog360 = fixture.channel === '360dialog';
  // 360dialog's On-Premise shape names no number: the webhook URL of the number does.
  if (!Array.isArray(body.entry)) {
    rewriteWhatsappValue(fixture, body, sender, ids);
    return { body, path: `/webhooks/360dialog/${D360_NUMBER}` };
  }
  for (const entry of objs(body.entry)) {
    for (const change of objs(entry.changes)) {
      const value = change.value;
      if (!isObj(value)) continue;
      if (value.messages || value.statuses || value.message_echoes || value.metadata) {
        value.metadata = dialog360
          ? { display_phone_number: D360_NUMBER, phone_number_id: `p${D360_NUMBER}` }
          : { display_phone_number: WA_DISPLAY, phone_number_id: WA_PHONE_NUMBER_ID };
      }
      rewriteWhatsappValue(fixture, value, sender, ids);
    }
  }
  return { body, path: dialog360 ? '/webhooks/360dialog' : '/webhooks/whatsapp' };
}

function rewriteWhatsappValue(fixture: Fixture, value: Json, sender: Sender, ids: string[]): void {
  for (const contact of objs(value.contacts)) {
    if (contact.wa_id !== undefined) contact.wa_id = sender.phone;
    if (contact.user_id !== undefined) contact.user_id = sender.bsuid;
  }
  for (const message of objs(value.messages)) rewriteWhatsappMessage(fixture, message, sender, ids);
  for (const echo of objs(value.message_echoes)) {
    echo.to = sender.phone;
    if (echo.to_user_id !== undefined) echo.to_user_id = sender.bsuid;
    echo.id = `wamid.${fixture.id}.${seq()}`;
    ids.push(echo.id as string);
  }
  for (const status of objs(value.statuses)) {
    status.id = refId(fixture, 'status') ?? `wamid.s.${seq()}`;
    if (fixture.thread) status.recipient_id = sender.phone;
    status.timestamp = nowSeconds();
    const conversation = status.conversation;
    if (isObj(conversation) && conversation.expiration_timestamp !== undefined)
      conversation.expiration_timestamp = Math.floor(Date.now() / 1000) + 86_400;
  }
}

const FB_MEDIA = new Set(['image', 'video', 'audio', 'file']);

function rewriteMessenger(fixture: Fixture, sender: Sender, ids: string[]): Json {
  const body = clone(fixture.body) as Json;
  const pageLiterals = new Set([fixture.page_id, '<PAGE_ID>']);
  for (const entry of objs(body.entry)) {
    if (entry.id !== undefined) entry.id = PAGE_ID;
    for (const item of objs(entry.messaging)) {
      for (const side of [item.sender, item.recipient]) {
        if (isObj(side) && typeof side.id === 'string')
          side.id = pageLiterals.has(side.id) ? PAGE_ID : sender.psid;
      }
      if (fixture.fresh) {
        item.timestamp = Date.now();
        if (entry.time !== undefined) entry.time = Date.now();
      }
      const message = item.message;
      if (isObj(message)) {
        message.mid = `m_${fixture.id}.${seq()}`;
        ids.push(message.mid as string);
        if (isObj(message.reply_to)) message.reply_to.mid = refId(fixture, 'reply_to');
        for (const attachment of objs(message.attachments)) {
          const payload = attachment.payload;
          if (FB_MEDIA.has(String(attachment.type)) && isObj(payload) && typeof payload.url === 'string')
            payload.url = mediaUrl(payload.url);
        }
      }
      if (isObj(item.reaction)) item.reaction.mid = refId(fixture, 'reaction');
      // A receipt's watermark is the time of the message it reports on: it covers that one and those before.
      for (const receipt of ['delivery', 'read'] as const) {
        const part = item[receipt];
        if (!isObj(part)) continue;
        part.watermark = refTime(fixture, receipt);
        if (Array.isArray(part.mids)) part.mids = [refId(fixture, receipt)];
        if (item.timestamp !== undefined) item.timestamp = Date.now();
      }
    }
  }
  return body;
}

function rewriteSms(fixture: Fixture, sender: Sender, ids: string[]): URLSearchParams {
  const pairs = fixture.form ?? [];
  const status = pairs.some(([name]) => name === 'MessageStatus');
  const sid = status
    ? (refId(fixture, 'status') ?? `SMunknown${seq()}`)
    : `SM${fixture.id.replace(/\W/g, '')}${seq()}`;
  if (!status) ids.push(sid);
  const form = new URLSearchParams();
  for (const [name, value] of pairs) {
    if (name === 'MessageSid' || name === 'SmsSid' || name === 'SmsMessageSid') form.append(name, sid);
    else if (name === 'From') form.append(name, status ? `+${SMS_NUMBER}` : `+${sender.phone}`);
    else if (name === 'To') form.append(name, status ? `+${sender.phone}` : `+${SMS_NUMBER}`);
    else if (/^MediaUrl\d+$/.test(name)) form.append(name, mediaUrl(value));
    else form.append(name, value);
  }
  // Twilio always names our number; the relays these come from did not keep it.
  if (!status && !form.has('To')) form.append('To', `+${SMS_NUMBER}`);
  if (status && !form.has('From')) form.append('From', `+${SMS_NUMBER}`);
  return form;
}

interface Posted {
  status: number;
  ids: string[];
}

async function post(fixture: Fixture, sender: Sender): Promise<Posted> {
  const ids: string[] = [];
  let res: { status: number };
  if (fixture.channel === 'sms') {
    const form = rewriteSms(fixture, sender, ids);
    res = await t.http
      .post('/webhooks/sms')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Twilio-Signature', twilioSignature(SMS_TOKEN, `${APP_URL}/webhooks/sms`, form))
      .send(form.toString());
  } else if (fixture.channel === 'messenger') {
    const body = JSON.stringify(rewriteMessenger(fixture, sender, ids));
    res = await t.http
      .post('/webhooks/messenger')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, MESSENGER_SECRET))
      .send(body);
  } else {
    const rewritten = rewriteWhatsapp(fixture, sender, ids);
    const body = JSON.stringify(rewritten.body);
    const req = t.http.post(rewritten.path).set('Content-Type', 'application/json');
    if (fixture.channel === '360dialog') req.set('X-Webhook-Token', DIALOG360_TOKEN);
    else req.set('X-Hub-Signature-256', metaSignature(body, WHATSAPP_SECRET));
    res = await req.send(body);
  }
  if (ids[0]) messageIdOf.set(fixture.id, ids[0]);
  return { status: res.status, ids };
}

// ---- What the agent sees ----

const MESSAGE_FIELDS =
  'id type content sender messageStatus messageApiId errorCode quotedMsgId payload editedAt';
const CONVERSATION_FIELDS =
  'id senderId name unreadMessages lastMessage lastMessageSender referral { source sourceUrl sourceId headline ctwaClid ref }';

async function clientIdOf(channel: ChannelKind, senderIds: string[]): Promise<number | null> {
  const rows: Array<{ id: number }> = await ds.query(
    `SELECT id FROM clients WHERE "channelId" = $1 AND "senderId" = ANY($2) ORDER BY id`,
    [channelIds[channel], senderIds],
  );
  return rows[0]?.id ?? null;
}

async function messagesOf(clientId: number): Promise<AgentMessage[]> {
  const res = await gql<{ messages: AgentMessage[] }>(
    t,
    admin,
    `query($id: Int!) { messages(clientId: $id, first: 200) { ${MESSAGE_FIELDS} } }`,
    { id: clientId },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.messages ?? [];
}

async function conversationOf(clientId: number): Promise<AgentConversation> {
  const res = await gql<{ conversation: AgentConversation }>(
    t,
    admin,
    `query($id: Int!) { conversation(clientId: $id) { ${CONVERSATION_FIELDS} } }`,
    { id: clientId },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.conversation as AgentConversation;
}

function senderIdsOf(fixture: Fixture, sender: Sender): string[] {
  if (fixture.channel === 'messenger') return [sender.psid];
  return [sender.phone, sender.bsuid, sender.newPhone];
}

/** Sends `count` messages of ours in the thread's conversation (window open: its first message is fresh). */
async function ensureSent(fixture: Fixture, sender: Sender): Promise<void> {
  const thread = fixture.thread ?? '';
  const wanted = Math.max(
    0,
    ...FIXTURES.filter((f) => f.thread === thread).flatMap((f) =>
      Object.values(f.refs ?? {}).filter((ref): ref is number => typeof ref === 'number'),
    ),
  );
  const sent = sentInThread.get(thread) ?? [];
  sentInThread.set(thread, sent);
  if (sent.length >= wanted) return;
  const clientId = await clientIdOf(fixture.channel, senderIdsOf(fixture, sender));
  if (!clientId) throw new Error(`thread ${thread} has no conversation to answer in`);
  while (sent.length < wanted) {
    const res = await gql<{ sendMessage: { id: number } }>(
      t,
      admin,
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
      { input: { clientId, text: `Respuesta ${sent.length + 1}` } },
    );
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const id = res.data?.sendMessage.id as number;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await ds.query(
        `SELECT "messageApiId", "messageStatus", "errorInfo", "time" FROM messages WHERE id = $1`,
        [id],
      );
      if (row?.messageStatus === 'failed')
        throw new Error(`send ${id} of thread ${thread} failed: ${row.errorInfo}`);
      if (row?.messageApiId) {
        sent.push({ id, apiId: row.messageApiId, time: row.time });
        break;
      }
      if (Date.now() > deadline) throw new Error(`send ${id} of thread ${thread} never reached the provider`);
      await sleep(50);
    }
    // Distinct send times, so a watermark can name one message and not the next.
    await sleep(20);
  }
}

/** The words a payload carries that an agent must be able to read (text, captions, titles, names...). */
function visibleTexts(fixture: Fixture): string[] {
  const texts: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '') texts.push(value.trim());
  };
  if (fixture.form) {
    const status = fixture.form.some(([name]) => name === 'MessageStatus');
    if (!status) for (const [name, value] of fixture.form) if (name === 'Body') add(value);
    return texts;
  }
  const body = fixture.body;
  if (!isObj(body)) return texts;
  const whatsappMessage = (message: Json) => {
    add(isObj(message.text) ? message.text.body : undefined);
    for (const type of WA_MEDIA) add(isObj(message[type]) ? message[type].caption : undefined);
    add(isObj(message.button) ? message.button.text : undefined);
    const interactive = isObj(message.interactive) ? message.interactive : {};
    add(isObj(interactive.button_reply) ? interactive.button_reply.title : undefined);
    add(isObj(interactive.list_reply) ? interactive.list_reply.title : undefined);
    add(isObj(message.location) ? message.location.name : undefined);
    const card = objs(message.contacts)[0];
    add(card && isObj(card.name) ? card.name.formatted_name : undefined);
    add(isObj(message.reaction) ? message.reaction.emoji : undefined);
    if (isObj(message.edit) && isObj(message.edit.message)) whatsappMessage(message.edit.message);
  };
  const values = Array.isArray(body.entry)
    ? objs(body.entry).flatMap((entry) => objs(entry.changes).map((change) => change.value))
    : [body];
  for (const value of values.filter(isObj)) {
    for (const message of objs(value.messages)) whatsappMessage(message);
    for (const echo of objs(value.message_echoes)) whatsappMessage(echo);
  }
  for (const entry of objs(body.entry)) {
    for (const item of objs(entry.messaging)) {
      if (isObj(item.message)) add(item.message.text);
      if (isObj(item.postback)) add(str(item.postback.title) ?? str(item.postback.payload));
      if (isObj(item.reaction) && item.reaction.action === 'react') add(item.reaction.emoji);
    }
  }
  return texts;
}

// ---- What each kind must look like to the agent ----

/** The type of each message a fixture stores, in payload order; absent: it stores no message. */
const STORED_TYPES: Record<string, string[]> = {
  'wa.meta.text': ['text'],
  'wa.pywa.text': ['text'],
  'wa.pywa.image': ['image'],
  'wa.pywa.media_with_url': ['image'],
  'wa.pywa.video': ['video'],
  'wa.pywa.document': ['document'],
  'wa.pywa.audio': ['audio'],
  'wa.pywa.voice': ['audio'],
  'wa.pywa.static_sticker': ['sticker'],
  'wa.pywa.animated_sticker': ['sticker'],
  'wa.pywa.reaction': ['reaction'],
  'wa.pywa.unreaction_empty': ['reaction'],
  'wa.pywa.unreaction_no_emoji': ['reaction'],
  'wa.pywa.current_location': ['location'],
  'wa.pywa.chosen_location': ['location'],
  'wa.pywa.contacts': ['contacts'],
  'wa.pywa.order': ['order'],
  'wa.pywa.unsupported': ['unsupported'],
  'wa.pywa.unsupported_with_type': ['unsupported'],
  'wa.pywa.reply': ['text'],
  'wa.pywa.forwarded': ['text'],
  'wa.pywa.forwarded_many_times': ['text'],
  'wa.pywa.interactive_message_with_err': ['unsupported'],
  'wa.pywa.referral': ['text'],
  'wa.pywa.button_reply': ['interactive'],
  'wa.pywa.quick_reply': ['button'],
  'wa.pywa.quick_reply_bsuid': ['button'],
  'wa.pywa.list_reply': ['interactive'],
  'wa.pywa.list_reply_description': ['interactive'],
  'wa.pywa.system_number_change': ['system'],
  'wa.pywa.system_identity_change': ['system'],
  'wa.netflie.button_referral': ['button'],
  'wa.netflie.batch_two_changes': ['text', 'text'],
  'wa.netflie.document_xlsx': ['document'],
  'wa.netflie.unknown': ['unsupported'],
  'wa.netflie.contacts_full': ['contacts'],
  'wa.netflie.flow_reply': ['flow_reply'],
  'wa.netflie.bsuid_only': ['text'],
  'wa.chatwoot.image_caption': ['image'],
  'wa.chatwoot.document_accented': ['document'],
  'wa.chatwoot.image_with_errors': ['image'],
  'wa.chatwoot.ctwa_referral': ['text'],
  'wa.chatwoot.phone_and_bsuid': ['text'],
  'wa.chatwoot.reply_context': ['text'],
  'wa.chatwoot.bsuid_only': ['text'],
  'wa.pywa.smb_echo': ['text'],
  'd360.meta.text': ['text'],
  'd360.pywa.image': ['image'],
  'd360.pywa.button_reply': ['interactive'],
  'd360.pywa.chosen_location': ['location'],
  'd360.chatwoot.legacy_onpremise': ['interactive'],
  'fb.meta.text_quick_reply': ['interactive'],
  'fb.meta.reply_to': ['text'],
  'fb.meta.attachment_reel': ['link'],
  'fb.meta.echo': ['text'],
  'fb.bottender.imageMessage': ['image'],
  'fb.bottender.locationMessage': ['location'],
  'fb.bottender.audioMessage': ['audio'],
  'fb.bottender.videoMessage': ['video'],
  'fb.bottender.fileMessage': ['document'],
  'fb.bottender.fallbackMessage': ['link'],
  'fb.bottender.postback': ['button'],
  'fb.bottender.postbackReferral': ['button'],
  'fb.bottender.reactionReact': ['reaction'],
  'fb.bottender.reactionUnreact': ['reaction'],
  'fb.uniericuni.like_sticker': ['sticker'],
  'sms.nuntius.text': ['text'],
  'sms.chatwoot.text': ['text'],
  'sms.chatwoot.mms_image': ['image'],
  'sms.chatwoot.mms_two_images': ['image', 'image'],
  'sms.chatwoot.location': ['location'],
  'sms.chatwoot.empty_body': ['text'],
  'sms.chatwoot.profile_name': ['text'],
};

/** The status the message a status fixture refers to ends with, and its error code when failed. */
const STATUS_OF: Record<string, [string, string?]> = {
  'wa.pywa.status_sent': ['sent'],
  'wa.pywa.status_delivered': ['delivered'],
  'wa.pywa.status_read': ['viewed'],
  'wa.pywa.status_played': ['viewed'],
  'wa.pywa.status_failed': ['failed', '130472'],
  'wa.pywa.status_with_tracker': ['sent'],
  'wa.netflie.status_failed_errors': ['failed', '131053'],
  'wa.netflie.status_delivered_pricing': ['delivered'],
  'wa.netflie.status_read_initiated': ['viewed'],
  'd360.pywa.status_delivered': ['delivered'],
  'd360.pywa.status_read': ['viewed'],
  'fb.meta.delivery': ['delivered'],
  'fb.meta.read': ['viewed'],
  'fb.bottender.delivery': ['delivered'],
  'fb.bottender.read': ['viewed'],
  'sms.chatwoot.status_delivered': ['delivered'],
  'sms.chatwoot.status_read': ['viewed'],
  'sms.chatwoot.status_failed_30008': ['failed', '30008'],
};

interface Seen {
  fixture: Fixture;
  sender: Sender;
  clientId: number | null;
  conversation: AgentConversation | null;
  messages: AgentMessage[];
  /** The messages this fixture added, oldest first. */
  added: AgentMessage[];
  unreadBefore: number;
}

const payloadOf = (message: AgentMessage | undefined): Json => message?.payload ?? {};

function storedFrom(seen: Seen, fixtureId: string): AgentMessage | undefined {
  const apiId = messageIdOf.get(fixtureId);
  return seen.messages.find((message) => message.messageApiId === apiId);
}

type Check = (seen: Seen) => Promise<void> | void;

/** Before a fixture is posted: what must exist already (a conversation named by its number, ...). */
const SETUP: Record<string, (fixture: Fixture, sender: Sender) => Promise<void>> = {
  // The customer wrote from the old number first: the number change moves that conversation.
  'wa.pywa.system_number_change': async (_fixture, sender) => {
    await postPlainText('whatsapp', sender.phone, 'Hola desde mi número anterior');
  },
  // A conversation named by its number until the channel gives a name.
  'sms.chatwoot.profile_name': async (_fixture, sender) => {
    await postPlainText('sms', sender.phone, 'Hola sin nombre');
  },
};

async function postPlainText(channel: 'whatsapp' | 'sms', from: string, text: string): Promise<void> {
  const fixture =
    channel === 'sms'
      ? {
          ...(FIXTURES.find((f) => f.id === 'sms.chatwoot.text') as Fixture),
          id: `plain.${seq()}`,
          form: [
            ['SmsSid', 'x'],
            ['From', 'x'],
            ['Body', text],
          ] as Array<[string, string]>,
        }
      : {
          ...(FIXTURES.find((f) => f.id === 'wa.meta.text') as Fixture),
          id: `plain.${seq()}`,
          // Now: the newest message of its conversation.
          fresh: true,
          thread: null,
        };
  const sender = { ...newSender(), phone: from };
  if (channel === 'whatsapp') {
    const body = clone(fixture.body) as Json;
    const value = objs(objs(body.entry)[0]?.changes)[0]?.value;
    const message = isObj(value) ? objs(value.messages)[0] : undefined;
    if (isObj(message) && isObj(message.text)) message.text.body = text;
    if (isObj(value)) delete value.contacts;
    fixture.body = body;
  }
  expect((await post(fixture, sender)).status).toBe(200);
}

const CHECKS: Record<string, Check> = {
  'wa.pywa.reaction': ({ added }) => {
    expect(added[0]?.content).toBe('😮');
    expect(payloadOf(added[0]).reaction).toMatchObject({
      providerMessageId: messageIdOf.get('wa.pywa.text'),
    });
  },
  'wa.pywa.unreaction_empty': ({ added }) => expect(added[0]?.content).toBe(''),
  'wa.pywa.unreaction_no_emoji': ({ added }) => expect(added[0]?.content).toBe(''),
  'wa.pywa.current_location': ({ added }) =>
    expect(payloadOf(added[0]).location).toMatchObject({ latitude: 12.25089, longitude: 43.90539 }),
  'wa.pywa.chosen_location': ({ added }) =>
    expect(payloadOf(added[0]).location).toMatchObject({ name: 'Facebook HQ', latitude: 37.4611978 }),
  'wa.pywa.order': ({ added, conversation }) => {
    expect(payloadOf(added[0]).order).toMatchObject({
      catalogId: '354160437058781',
      total: 180,
      currency: 'ILS',
      items: [
        { productId: 'HAMBURGER', quantity: 3, itemPrice: 30, currency: 'ILS' },
        { productId: 'FRENCH_FRIES', quantity: 2, itemPrice: 35, currency: 'ILS' },
        { productId: 'SODA', quantity: 2, itemPrice: 10, currency: 'ILS' },
      ],
    });
    expect(conversation?.lastMessage).toBe('🛒 Pedido');
  },
  'wa.pywa.unsupported': ({ added }) =>
    expect(payloadOf(added[0]).raw).toMatchObject({ type: 'unsupported' }),
  'wa.pywa.unsupported_with_type': ({ added }) =>
    expect(payloadOf(added[0]).raw).toMatchObject({ unsupported: { type: 'pool' } }),
  'wa.netflie.unknown': ({ added, conversation }) => {
    expect(payloadOf(added[0])).toMatchObject({ unsupported: 'unknown', raw: { type: 'unknown' } });
    expect(conversation?.lastMessage).toBe('Mensaje no compatible');
  },
  'wa.pywa.interactive_message_with_err': ({ added }) =>
    expect(payloadOf(added[0]).raw).toMatchObject({ errors: [{ code: 131000 }] }),
  'wa.pywa.reply': (seen) => expect(seen.added[0]?.quotedMsgId).toBe(storedFrom(seen, 'wa.pywa.text')?.id),
  'wa.chatwoot.reply_context': (seen) =>
    expect(seen.added[0]?.quotedMsgId).toBe(storedFrom(seen, 'wa.chatwoot.phone_and_bsuid')?.id),
  'wa.pywa.forwarded': ({ added }) => expect(payloadOf(added[0]).forwarded).toBe('once'),
  'wa.pywa.forwarded_many_times': ({ added }) => expect(payloadOf(added[0]).forwarded).toBe('many'),
  'wa.pywa.referral': ({ added, conversation }) => {
    const referral = { source: 'ad', headline: 'AD_TITLE', sourceId: 'ADID', ctwaClid: 'CTWA_CLID' };
    expect(payloadOf(added[0]).referral).toMatchObject({ ...referral, sourceUrl: 'AD_OR_POST_FB_URL' });
    expect(conversation?.referral).toMatchObject(referral);
  },
  'wa.netflie.button_referral': ({ added, conversation }) => {
    expect(payloadOf(added[0])).toMatchObject({
      referral: { source: 'ad', headline: 'AD_TITLE', sourceId: 'ADID' },
      referredProduct: { catalogId: 'CATALOG_ID', productId: 'PRODUCT_ID' },
      forwarded: 'many',
    });
    expect(conversation?.referral).toMatchObject({ source: 'ad', headline: 'AD_TITLE' });
  },
  'wa.chatwoot.ctwa_referral': ({ added, conversation }) => {
    const referral = {
      source: 'ad',
      sourceUrl: 'https://fb.me/3TYpooaRT',
      sourceId: '52558118838064',
      headline: 'Diana Digital',
      ctwaClid: 'AfhcQdP2E4A8wWpeb1FqUzUi',
    };
    expect(payloadOf(added[0]).referral).toMatchObject(referral);
    expect(conversation?.referral).toMatchObject(referral);
  },
  'wa.pywa.list_reply_description': ({ added }) =>
    expect(payloadOf(added[0]).interactive).toMatchObject({ description: 'description' }),
  'wa.pywa.system_number_change': async ({ added, conversation, clientId, sender, unreadBefore }) => {
    expect(added[0]).toMatchObject({
      sender: 'SYSTEM',
      content: `El cliente cambió su número de +${sender.phone} a +${sender.newPhone}`,
    });
    // Not the customer's message: nothing unread, the list keeps the customer's last words.
    expect(conversation).toMatchObject({
      senderId: sender.newPhone,
      unreadMessages: unreadBefore,
      lastMessage: 'Hola desde mi número anterior',
    });
    // The next message from the new number lands in the same conversation; no second contact.
    await postPlainText('whatsapp', sender.newPhone, 'Ya escribo desde el nuevo');
    expect(await clientIdOf('whatsapp', [sender.newPhone])).toBe(clientId);
    expect(await clientIdOf('whatsapp', [sender.phone])).toBeNull();
    const messages = await messagesOf(clientId as number);
    expect(messages[0]?.content).toBe('Ya escribo desde el nuevo');
  },
  'wa.pywa.system_identity_change': ({ added, conversation }) => {
    expect(added[0]).toMatchObject({ sender: 'SYSTEM', content: 'La identidad del cliente cambió' });
    expect(conversation?.unreadMessages).toBe(0);
  },
  'wa.netflie.flow_reply': ({ added, conversation }) => {
    const flowReply = payloadOf(added[0]).flowReply as Json;
    expect(flowReply.fields).toEqual([
      { key: 'screen_0_name_0', value: 'Email' },
      { key: 'screen_0_orderNumber_1', value: 'ID' },
    ]);
    expect(added[0]?.content).toContain('Order number: ID');
    expect(conversation?.lastMessage).toBe('Formulario respondido');
  },
  'wa.netflie.bsuid_only': ({ conversation, sender }) => expect(conversation?.senderId).toBe(sender.bsuid),
  'wa.chatwoot.bsuid_only': ({ conversation, sender }) => expect(conversation?.senderId).toBe(sender.bsuid),
  'wa.chatwoot.document_accented': ({ added }) =>
    expect(payloadOf(added[0]).file).toMatchObject({ name: 'Currículum café.pdf' }),
  'wa.pywa.edited_message': (seen) => {
    const original = storedFrom(seen, 'wa.pywa.image');
    expect(original).toMatchObject({ type: 'image', content: 'Updated image caption' });
    expect(original?.editedAt).toBeTruthy();
  },
  'wa.pywa.deleted_message': (seen) => {
    expect(storedFrom(seen, 'wa.pywa.reply')).toMatchObject({ messageStatus: 'deleted', content: '' });
    expect(payloadOf(storedFrom(seen, 'wa.pywa.reply'))).toMatchObject({ deletedBy: 'CLIENT' });
  },
  'wa.pywa.smb_echo': ({ added, conversation }) => {
    expect(added[0]).toMatchObject({ sender: 'AGENT', content: 'Test message', payload: { echo: true } });
    expect(conversation).toMatchObject({ unreadMessages: 0, lastMessageSender: 'AGENT' });
  },
  'fb.meta.echo': ({ added }) =>
    expect(added[0]).toMatchObject({ sender: 'AGENT', content: 'hello, world!', payload: { echo: true } }),
  'fb.meta.text_quick_reply': ({ added }) =>
    expect(payloadOf(added[0]).interactive).toMatchObject({ replyId: '<DEVELOPER_DEFINED_PAYLOAD>' }),
  'fb.meta.reply_to': ({ added }) => expect(added[0]?.quotedMsgId).toBe(sentInThread.get('fb-send')?.[0]?.id),
  'fb.meta.attachment_reel': ({ added }) =>
    expect(payloadOf(added[0]).link).toMatchObject({
      url: 'https://www.facebook.com/reel/ATTACHMENT_URL',
      source: 'reel',
    }),
  'fb.bottender.fallbackMessage': ({ added }) =>
    expect(payloadOf(added[0]).link).toMatchObject({
      url: 'URL_OF_THE_ATTACHMENT',
      title: 'TITLE_OF_THE_URL_ATTACHMENT',
    }),
  'fb.bottender.locationMessage': ({ added }) =>
    expect(payloadOf(added[0]).location).toMatchObject({ latitude: 0, longitude: 0 }),
  'fb.bottender.postback': ({ added }) => expect(added[0]?.content).toBe('USER_DEFINED_PAYLOAD'),
  'fb.bottender.postbackReferral': ({ conversation }) =>
    expect(conversation?.referral).toMatchObject({ source: 'shortlink', ref: 'aaaa' }),
  'fb.bottender.reactionReact': ({ added }) => {
    expect(added[0]?.content).toBe('❤️');
    expect(payloadOf(added[0]).reaction).toMatchObject({
      providerMessageId: sentInThread.get('fb-send')?.[0]?.apiId,
    });
  },
  'fb.bottender.reactionUnreact': ({ added }) => expect(added[0]?.content).toBe(''),
  'd360.chatwoot.legacy_onpremise': ({ added }) => expect(added[0]?.content).toBe('First Button'),
  'sms.chatwoot.location': ({ added }) =>
    expect(payloadOf(added[0]).location).toMatchObject({
      latitude: 12.160894393921,
      longitude: 75.265205383301,
    }),
  'sms.chatwoot.empty_body': ({ added }) => expect(added[0]?.content).toBe(''),
  'sms.chatwoot.profile_name': ({ conversation }) => expect(conversation?.name).toBe('John Doe'),
};

async function checkStatus(fixture: Fixture, seen: Seen): Promise<void> {
  const expected = STATUS_OF[fixture.id];
  const ref = Object.values(fixture.refs ?? {})[0];
  if (!expected || typeof ref !== 'number') return;
  const sent = sentInThread.get(fixture.thread ?? '')?.[ref - 1];
  const message = seen.messages.find((m) => m.id === sent?.id);
  expect(message?.messageStatus, fixture.id).toBe(expected[0]);
  if (expected[1]) expect(message?.errorCode, fixture.id).toBe(expected[1]);
}

describe('provider webhooks of the shared fixtures file', () => {
  it('reads the fixtures file', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(95);
    expect(new Set(FIXTURES.map((f) => f.id)).size).toBe(FIXTURES.length);
  });

  for (const fixture of FIXTURES) {
    it(`${fixture.id} (${fixture.channel}: ${fixture.kind}) is stored as the agent must see it`, async () => {
      const sender = senderFor(fixture);
      await SETUP[fixture.id]?.(fixture, sender);
      if (Object.values(fixture.refs ?? {}).some((ref) => typeof ref === 'number'))
        await ensureSent(fixture, sender);

      const candidates = senderIdsOf(fixture, sender);
      const clientBefore = await clientIdOf(fixture.channel, candidates);
      const before = clientBefore ? await messagesOf(clientBefore) : [];
      const unreadBefore = clientBefore ? (await conversationOf(clientBefore)).unreadMessages : 0;

      const posted = await post(fixture, sender);
      expect(posted.status, `${fixture.id} answered ${posted.status}`).toBe(200);

      const clientId = clientBefore ?? (await clientIdOf(fixture.channel, candidates));
      const messages = clientId ? await messagesOf(clientId) : [];
      const known = new Set(before.map((m) => m.id));
      const added = messages.filter((m) => !known.has(m.id)).reverse();
      const conversation = clientId ? await conversationOf(clientId) : null;
      const seen: Seen = { fixture, sender, clientId, conversation, messages, added, unreadBefore };

      // Generic: what it carries is readable, and only the customer's own new messages count as unread.
      for (const text of visibleTexts(fixture)) {
        expect(
          messages.some((m) => m.content.includes(text)),
          `${fixture.id}: '${text}' is not visible in ${JSON.stringify(messages.map((m) => m.content))}`,
        ).toBe(true);
      }
      if (conversation) {
        const unreadAdded = added.filter((m) => m.sender === 'CLIENT').length;
        expect(conversation.unreadMessages, `${fixture.id}: unread count`).toBe(unreadBefore + unreadAdded);
      }
      const types = STORED_TYPES[fixture.id];
      if (types) {
        expect(
          added.map((m) => m.type),
          fixture.id,
        ).toEqual(types);
        expect(added.some((m) => m.type === 'unsupported' && !isObj(payloadOf(m).raw))).toBe(false);
      } else if (STATUS_OF[fixture.id] || /edit|delete|revoke|status|subscription/.test(fixture.kind)) {
        // Statuses, edits, deletions and other subscriptions change messages; they add none.
        expect(added, fixture.id).toEqual([]);
      }
      await checkStatus(fixture, seen);
      await CHECKS[fixture.id]?.(seen);
    });
  }
});

describe('edits and deletions in real time', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('publishes the edited and the deleted message to the conversation’s viewers, and nothing to others', async () => {
    const adminSocket = await openSocket(t.baseUrl, admin, sockets);
    const agentSocket = await openSocket(t.baseUrl, await login(t, 'agente@demo.local'), sockets);
    const agentHeard: unknown[] = [];
    agentSocket.on('messageUpdated', (payload) => agentHeard.push(payload));
    const sender = newSender();
    const original = `wamid.live.${seq()}`;
    const message = (extra: Json) => ({ from: sender.phone, timestamp: nowSeconds(), ...extra });
    const postMessages = (messages: Json[]) => {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: WA_DISPLAY, phone_number_id: WA_PHONE_NUMBER_ID },
                  messages,
                },
              },
            ],
          },
        ],
      });
      return t.http
        .post('/webhooks/whatsapp')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', metaSignature(body, WHATSAPP_SECRET))
        .send(body);
    };
    await postMessages([message({ id: original, type: 'text', text: { body: 'A las 5' } })]);
    const clientId = (await clientIdOf('whatsapp', [sender.phone])) as number;

    const edited = nextEvent<{ clientId: number; message: AgentMessage }>(adminSocket, 'messageUpdated');
    await postMessages([
      message({
        id: `${original}.e`,
        type: 'edit',
        edit: { original_message_id: original, message: { type: 'text', text: { body: 'A las 6' } } },
      }),
    ]);
    expect(await edited).toMatchObject({ clientId, message: { content: 'A las 6', messageApiId: original } });
    expect((await edited).message.editedAt).toBeTruthy();

    const deleted = nextEvent<{ clientId: number; message: AgentMessage }>(adminSocket, 'messageUpdated');
    await postMessages([
      message({ id: `${original}.r`, type: 'revoke', revoke: { original_message_id: original } }),
    ]);
    expect(await deleted).toMatchObject({ clientId, message: { messageStatus: 'deleted', content: '' } });
    // The agent does not see this unassigned conversation: no event for them.
    await sleep(200);
    expect(agentHeard).toEqual([]);
    const conversation = await conversationOf(clientId);
    expect(conversation).toMatchObject({ unreadMessages: 1, lastMessage: 'Mensaje eliminado' });
  });
});

describe('Messenger referrals to an existing thread', () => {
  it('shows a notice and keeps the ad as the conversation’s first referral, without counting unread', async () => {
    const psid = `78${seq()}`;
    // https://developers.facebook.com/documentation/business-messaging/messenger-platform/webhooks/webhook-events/messaging_referrals
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: PAGE_ID,
          time: Date.now(),
          messaging: [
            {
              sender: { id: psid },
              recipient: { id: PAGE_ID },
              timestamp: Date.now(),
              referral: {
                ref: 'verano',
                ad_id: '6045246247433',
                source: 'ADS',
                type: 'OPEN_THREAD',
                ads_context_data: { ad_title: 'Rebajas de verano', photo_url: 'https://example.com/ad.jpg' },
              },
            },
          ],
        },
      ],
    });
    const res = await t.http
      .post('/webhooks/messenger')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, MESSENGER_SECRET))
      .send(body);
    expect(res.status).toBe(200);
    const clientId = (await clientIdOf('messenger', [psid])) as number;
    const [notice] = await messagesOf(clientId);
    expect(notice).toMatchObject({
      type: 'system',
      sender: 'SYSTEM',
      content: 'El cliente llegó desde un anuncio o un enlace',
      payload: { referral: { source: 'ad', headline: 'Rebajas de verano', sourceId: '6045246247433' } },
    });
    expect(await conversationOf(clientId)).toMatchObject({
      unreadMessages: 0,
      referral: { source: 'ad', headline: 'Rebajas de verano', sourceId: '6045246247433', ref: 'verano' },
    });
  });
});

describe('signed webhooks of shapes nobody documented', () => {
  const postWhatsappBody = (body: string) =>
    t.http
      .post('/webhooks/whatsapp')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, WHATSAPP_SECRET))
      .send(body);
  const change = (value: Json) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: WA_DISPLAY, phone_number_id: WA_PHONE_NUMBER_ID },
                ...value,
              },
            },
          ],
        },
      ],
    });

  it('stores a message type newer than this code as unsupported, with its payload, and answers 200', async () => {
    const sender = newSender();
    const id = `wamid.hologram.${seq()}`;
    const message = {
      from: sender.phone,
      id,
      timestamp: nowSeconds(),
      type: 'hologram',
      hologram: { depth: 3 },
    };
    expect((await postWhatsappBody(change({ messages: [message] }))).status).toBe(200);
    const clientId = (await clientIdOf('whatsapp', [sender.phone])) as number;
    const [stored] = await messagesOf(clientId);
    expect(stored).toMatchObject({ type: 'unsupported', payload: { unsupported: 'hologram', raw: message } });
  });

  it('answers malformed bodies with a 4xx, never a 5xx', async () => {
    const bodies = [
      'not json',
      '{"object":"whatsapp_business_account","entry":[{"changes":[{"value":{"messages":[null]}}]}]}',
      change({ messages: [{ id: 5, type: 7 }] }),
      change({ contacts: 'x', messages: [] }),
      change({ statuses: [{ id: 'x', status: 'read' }] }),
      '[]',
      'null',
    ];
    for (const body of bodies) {
      const res = await postWhatsappBody(body);
      expect(res.status, body).toBeLessThan(500);
    }
    const messenger = [
      '{"object":"page","entry":[{"id":"1","messaging":[{"sender":{"id":"2"},"recipient":{"id":"1"},"message":{"mid":5}}]}]}',
      `{"object":"page","entry":[{"id":"${PAGE_ID}","messaging":[{"sender":{"id":"2"},"recipient":{"id":"${PAGE_ID}"},"timestamp":1,"optin":{"ref":"x"}}]}]}`,
      '{"object":"page","entry":[null]}',
    ];
    for (const body of messenger) {
      const res = await t.http
        .post('/webhooks/messenger')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', metaSignature(body, MESSENGER_SECRET))
        .send(body);
      expect(res.status, body).toBeLessThan(500);
    }
    const form = new URLSearchParams({ To: `+${SMS_NUMBER}`, NumMedia: 'x' });
    const sms = await t.http
      .post('/webhooks/sms')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Twilio-Signature', twilioSignature(SMS_TOKEN, `${APP_URL}/webhooks/sms`, form))
      .send(form.toString());
    expect(sms.status).toBeLessThan(500);
  });
});
