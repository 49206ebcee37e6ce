import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export const APP_CONFIG = Symbol('APP_CONFIG');

export type NodeEnv = 'development' | 'production' | 'test';

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  embeddedPgPort: number | null;
  jwtSecret: string;
  encryptionKey: Buffer;
  /** Keys that sealed values before a rotation: they still open, nothing is sealed with them (ENCRYPTION_KEY_PREVIOUS). */
  previousEncryptionKeys: Buffer[];
  sessionTtlHours: number;
  smtpUrl: string | null;
  mailFrom: string;
  appUrl: string;
  /** Express `trust proxy`: a hop count, or addresses and names (`loopback`, `uniquelocal`, CIDRs); false for none. */
  trustProxy: number | string | false;
  rateLimitWindowSeconds: number;
  rateLimitAccountMax: number;
  rateLimitIpMax: number;
  resetTokenTtlMinutes: number;
  webDistDir: string;
  demoData: boolean;
  devOutbox: boolean;
  jobsEnabled: boolean;
  jobPollMs: number;
  /** How long a send interrupted mid-call waits for the provider's status webhook before it is sent again. */
  sendReconcileMs: number;
  /** Issue 22: a running contact import whose heartbeat is this old is reported as interrupted. */
  importStaleMs: number;
  /** Issue 22: how long a SIGTERM waits for requests in flight and running jobs before cutting what remains. */
  shutdownTimeoutMs: number;
  /** Issue 18: dispatch jobs per number sending campaigns at once (instances share its rate). */
  campaignDispatchers: number;
  /** Issue 18: a campaign send claimed this long ago without a result belongs to a dispatcher that died. */
  campaignStaleClaimMs: number;
  whatsappGraphUrl: string;
  whatsappAppSecret: string;
  whatsappVerifyToken: string;
  messengerGraphUrl: string;
  /** The Messenger app's id: Graph's client_id when a user token is exchanged for a long-lived one. */
  messengerAppId: string;
  messengerAppSecret: string;
  messengerVerifyToken: string;
  dialog360Url: string;
  dialog360WebhookToken: string;
  smsApiUrl: string;
  sandboxDelayMs: number;
  /** The sandbox's simulated template review: time from a submission to its verdict (issue 16). */
  sandboxTemplateDelayMs: number;
  realtimeBus: boolean;
  /** S3-compatible object storage; null keeps files on local disk under DATA_DIR (ARCHITECTURE rule 8). */
  s3: S3Config | null;
  /** Issue 19: Stripe when STRIPE_SECRET_KEY is set; null uses the built-in sandbox payments provider. */
  stripe: StripeConfig | null;
  /** Issue 19: where GET /api/onboarding/need-help mails a new customer's request for help (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Issue 19: the instruction video POST /api/send-onboarding-video mails (ONBOARDING_VIDEO_URL). */
  onboardingVideoUrl: string;
  /** Issue 19: how a WhatsApp number is linked (neither provider set: the sandbox linking). */
  whatsappLinking: WhatsappLinkingConfig;
  /** Issue 22: pino's level (LOG_LEVEL); 'warn' under tests so their output stays readable, 'info' otherwise. */
  logLevel: LogLevel;
  /** Issue 22: METRICS_TOKEN, the bearer token that opens GET /metrics to other machines; null: loopback only. */
  metricsToken: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface WhatsappLinkingConfig {
  /** 360dialog Connect, when DIALOG360_PARTNER_ID and DIALOG360_PARTNER_API_KEY are set. */
  dialog360Connect: { partnerUrl: string; partnerId: string; apiKey: string; connectUrl: string } | null;
  /** Meta's embedded signup, when META_APP_ID, META_APP_SECRET and META_CONFIG_ID are set. */
  metaSignup: { appId: string; appSecret: string; configId: string } | null;
  /** SCHEDULING_URL: the booking page behind 'Agendar cita'; null lets the web ask for a date itself. */
  schedulingUrl: string | null;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: another Stripe-speaking server (tests on 127.0.0.1); null is Stripe itself. */
  apiUrl: string | null;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's public `uploads/` prefix is read from (chat media that providers download). */
  publicUrl: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid environment variable ${variable}: ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `expected an integer, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(name, 'not a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `protocol must be one of ${protocols.join(', ')}, got ${url.protocol}`);
  }
  return raw.trim();
}

/**
 * Secrets that a development machine may leave unset are generated once and kept in DATA_DIR, so tokens and
 * encrypted TOTP secrets survive restarts; production must set them explicitly.
 */
function readSecret(env: Env, name: string, nodeEnv: NodeEnv, dataDir: string, minLength: number): string {
  const raw = env[name]?.trim();
  if (raw) {
    if (raw.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters long`);
    return raw;
  }
  if (nodeEnv === 'production') throw new ConfigError(name, 'is required in production');
  const file = join(dataDir, 'dev-secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  if (!stored[name]) {
    stored[name] = randomBytes(32).toString('hex');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored[name];
}

function encryptionKeyOf(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.padEnd(32, '0').slice(0, 32), 'utf8');
}

/** ENCRYPTION_KEY_PREVIOUS: comma-separated keys of earlier rotations, written like ENCRYPTION_KEY. */
function readPreviousKeys(env: Env, current: Buffer): Buffer[] {
  const values = (env.ENCRYPTION_KEY_PREVIOUS ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const keys: Buffer[] = [];
  for (const value of values) {
    if (value.length < 32) {
      throw new ConfigError('ENCRYPTION_KEY_PREVIOUS', 'each key must be at least 32 characters long');
    }
    const key = encryptionKeyOf(value);
    if (!key.equals(current) && !keys.some((k) => k.equals(key))) keys.push(key);
  }
  return keys;
}

// Meta Graph API with a pinned version: payload shapes change between versions.
const GRAPH_URL = 'https://graph.facebook.com/v26.0';

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Provider secrets: documented dev defaults so the product runs offline; production must set them. */
function readDevDefault(env: Env, name: string, nodeEnv: NodeEnv, devDefault: string): string {
  const raw = env[name]?.trim();
  if (raw) return raw;
  if (nodeEnv === 'production') throw new ConfigError(name, 'is required in production');
  return devDefault;
}

/** S3 storage is chosen by setting S3_BUCKET; the credentials are then required. Path-style addressing. */
function readS3(env: Env): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', 'not a valid bucket name');
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const endpoint = stripSlash(
    readUrl(env, 'S3_ENDPOINT', ['http:', 'https:']) ?? `https://s3.${region}.amazonaws.com`,
  );
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  if (!accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_BUCKET is set');
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_BUCKET is set');
  const publicUrl = stripSlash(readUrl(env, 'S3_PUBLIC_URL', ['http:', 'https:']) ?? `${endpoint}/${bucket}`);
  return { endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl };
}

function readLogLevel(env: Env, nodeEnv: NodeEnv): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return nodeEnv === 'test' ? 'warn' : 'info';
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** A token that guards volumes of every company: long enough not to be guessed. */
function readMetricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return null;
  if (raw.length < 24) throw new ConfigError('METRICS_TOKEN', 'must be at least 24 characters');
  return raw;
}

/** Issue 19: support's address for onboarding help requests; a plain address, checked at boot. */
function readSupportEmail(env: Env): string {
  const value = env.SUPPORT_EMAIL?.trim() || 'soporte@charla.local';
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value))
    throw new ConfigError('SUPPORT_EMAIL', 'expected an e-mail address');
  return value;
}

/** Stripe is chosen by STRIPE_SECRET_KEY; a key without its webhook secret or publishable key cannot work. */
function readStripe(env: Env): StripeConfig | null {
  const apiUrl = readUrl(env, 'STRIPE_API_URL', ['http:', 'https:']);
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey) {
    if (webhookSecret) {
      throw new ConfigError('STRIPE_SECRET_KEY', 'is required when STRIPE_WEBHOOK_SECRET is set');
    }
    return null;
  }
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'expected a secret key (sk_test_…, sk_live_… or rk_…)');
  }
  if (!webhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');
  }
  if (!/^whsec_\w+$/.test(webhookSecret)) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'expected whsec_…');
  if (!publishableKey) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'is required when STRIPE_SECRET_KEY is set');
  }
  if (!/^pk_(test|live)_\w+$/.test(publishableKey)) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'expected a publishable key (pk_test_… or pk_live_…)');
  }
  return { secretKey, publishableKey, webhookSecret, apiUrl: apiUrl === null ? null : stripSlash(apiUrl) };
}

/** Issue 19: each way of linking a WhatsApp number is on when all its variables are set, and none may be half set. */
function readWhatsappLinking(env: Env): WhatsappLinkingConfig {
  const partnerId = env.DIALOG360_PARTNER_ID?.trim();
  const partnerKey = env.DIALOG360_PARTNER_API_KEY?.trim();
  if (partnerId && !partnerKey)
    throw new ConfigError('DIALOG360_PARTNER_API_KEY', 'is required when DIALOG360_PARTNER_ID is set');
  if (partnerKey && !partnerId)
    throw new ConfigError('DIALOG360_PARTNER_ID', 'is required when DIALOG360_PARTNER_API_KEY is set');
  const partnerUrl = stripSlash(
    readUrl(env, 'DIALOG360_PARTNER_URL', ['http:', 'https:']) ?? 'https://hub.360dialog.io/api/v2',
  );
  const connectUrl =
    readUrl(env, 'DIALOG360_CONNECT_URL', ['http:', 'https:']) ??
    `https://hub.360dialog.com/dashboard/app/${encodeURIComponent(partnerId ?? '')}/permissions`;
  const meta = { appId: 'META_APP_ID', appSecret: 'META_APP_SECRET', configId: 'META_CONFIG_ID' } as const;
  const values = Object.fromEntries(
    Object.entries(meta).map(([key, name]) => [key, env[name]?.trim() ?? '']),
  ) as Record<keyof typeof meta, string>;
  const setCount = Object.values(values).filter((v) => v !== '').length;
  if (setCount > 0 && setCount < 3) {
    const missing = (Object.keys(meta) as Array<keyof typeof meta>).find((key) => values[key] === '');
    throw new ConfigError(meta[missing ?? 'appId'], 'is required with the other META_ variables');
  }
  return {
    dialog360Connect:
      partnerId && partnerKey ? { partnerUrl, partnerId, apiKey: partnerKey, connectUrl } : null,
    metaSignup: setCount === 3 ? values : null,
    schedulingUrl: readUrl(env, 'SCHEDULING_URL', ['http:', 'https:']),
  };
}

/**
 * TRUST_PROXY as Express takes it. A hop count must reach Express as a number: the string '1' would be read as an
 * address list naming no proxy, and every client would then share the proxy's address in the per-IP limits.
 */
function readTrustProxy(raw: string | undefined): number | string | false {
  if (!raw || raw === 'false') return false;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnvRaw = env.NODE_ENV?.trim() || 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError('NODE_ENV', `must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDirRaw = env.DATA_DIR?.trim() || '.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const embeddedPgPortRaw = readInt(env, 'EMBEDDED_PG_PORT', 0, 0, 65535);
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const appUrl = readUrl(env, 'APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const encryptionKey = encryptionKeyOf(readSecret(env, 'ENCRYPTION_KEY', nodeEnv, dataDir, 32));
  const trustProxyRaw = env.TRUST_PROXY?.trim();
  return {
    nodeEnv,
    port,
    host,
    dataDir,
    databaseUrl,
    embeddedPgPort: embeddedPgPortRaw === 0 ? null : embeddedPgPortRaw,
    jwtSecret: readSecret(env, 'JWT_SECRET', nodeEnv, dataDir, 32),
    encryptionKey,
    previousEncryptionKeys: readPreviousKeys(env, encryptionKey),
    sessionTtlHours: readInt(env, 'SESSION_TTL_HOURS', 168, 1, 24 * 365),
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Charla CRM <no-reply@charla.local>',
    supportEmail: readSupportEmail(env),
    onboardingVideoUrl: stripSlash(
      readUrl(env, 'ONBOARDING_VIDEO_URL', ['http:', 'https:']) ?? `${appUrl.replace(/\/$/, '')}/help`,
    ),
    appUrl: appUrl.replace(/\/$/, ''),
    trustProxy: readTrustProxy(trustProxyRaw),
    rateLimitWindowSeconds: readInt(env, 'RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86400),
    rateLimitAccountMax: readInt(env, 'RATE_LIMIT_ACCOUNT_MAX', 5, 1, 1000),
    rateLimitIpMax: readInt(env, 'RATE_LIMIT_IP_MAX', 30, 1, 100000),
    resetTokenTtlMinutes: readInt(env, 'RESET_TOKEN_TTL_MINUTES', 60, 1, 1440),
    webDistDir: env.WEB_DIST_DIR?.trim() || resolve(__dirname, '../../../web/dist'),
    demoData: readBool(env, 'DEMO_DATA', true),
    // Never in production: it shows every account's reset links (and it answers loopback only, see DevOutboxController).
    devOutbox: smtpUrl === null && nodeEnv !== 'production' && readBool(env, 'DEV_OUTBOX', true),
    jobsEnabled: readBool(env, 'JOBS_ENABLED', true),
    jobPollMs: readInt(env, 'JOB_POLL_MS', 1000, 50, 60_000),
    sendReconcileMs: readInt(env, 'SEND_RECONCILE_MS', 60_000, 0, 3_600_000),
    importStaleMs: readInt(env, 'IMPORT_STALE_MS', 60_000, 1000, 3_600_000),
    shutdownTimeoutMs: readInt(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 0, 600_000),
    campaignDispatchers: readInt(env, 'CAMPAIGN_DISPATCHERS', 1, 1, 8),
    campaignStaleClaimMs: readInt(env, 'CAMPAIGN_STALE_CLAIM_MS', 60_000, 1000, 3_600_000),
    whatsappGraphUrl: stripSlash(readUrl(env, 'WHATSAPP_GRAPH_URL', ['http:', 'https:']) ?? GRAPH_URL),
    whatsappAppSecret: readDevDefault(env, 'WHATSAPP_APP_SECRET', nodeEnv, 'dev-whatsapp-app-secret'),
    whatsappVerifyToken: readDevDefault(env, 'WHATSAPP_VERIFY_TOKEN', nodeEnv, 'dev-whatsapp-verify-token'),
    messengerGraphUrl: stripSlash(readUrl(env, 'MESSENGER_GRAPH_URL', ['http:', 'https:']) ?? GRAPH_URL),
    messengerAppId: readDevDefault(env, 'MESSENGER_APP_ID', nodeEnv, 'dev-messenger-app-id'),
    messengerAppSecret: readDevDefault(env, 'MESSENGER_APP_SECRET', nodeEnv, 'dev-messenger-app-secret'),
    messengerVerifyToken: readDevDefault(
      env,
      'MESSENGER_VERIFY_TOKEN',
      nodeEnv,
      'dev-messenger-verify-token',
    ),
    dialog360Url: stripSlash(
      readUrl(env, 'DIALOG360_URL', ['http:', 'https:']) ?? 'https://waba-v2.360dialog.io',
    ),
    dialog360WebhookToken: readDevDefault(
      env,
      'DIALOG360_WEBHOOK_TOKEN',
      nodeEnv,
      'dev-360dialog-webhook-token',
    ),
    smsApiUrl: stripSlash(
      readUrl(env, 'SMS_API_URL', ['http:', 'https:']) ?? 'https://api.twilio.com/2010-04-01',
    ),
    sandboxDelayMs: readInt(env, 'SANDBOX_DELAY_MS', 1500, 0, 600_000),
    sandboxTemplateDelayMs: readInt(env, 'SANDBOX_TEMPLATE_DELAY_MS', 5000, 0, 600_000),
    realtimeBus: readBool(env, 'REALTIME_BUS', true),
    s3: readS3(env),
    stripe: readStripe(env),
    whatsappLinking: readWhatsappLinking(env),
    logLevel: readLogLevel(env, nodeEnv),
    metricsToken: readMetricsToken(env),
  };
}
