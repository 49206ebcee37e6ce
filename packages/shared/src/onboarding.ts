// Issue 19 onboarding (01 §2.4, §3 OnboardingInProcess, §5, §9): the steps, what each field of the sign-up record
// accepts with the spec's Spanish texts, the stored lead score and the e-mails the flow sends. The API refuses with
// these texts and the web form shows the same ones.
import { type EmailText, escapeHtml } from './auth';
import {
  BUSINESS_CATEGORIES,
  DEFAULT_PLAN_SELECTION,
  ONBOARDING_STEPS,
  OTHER_ONBOARDING_STEPS,
  PLAN_AGENT_OPTIONS,
  PLAN_OFFERS,
} from './limits';
import { leadScore } from './rules/lead-score';
import { validatePhone } from './rules/phone';
import {
  VALIDATION_MESSAGES,
  validateCompanyName,
  validateEmail,
  validateOnboardingName,
} from './rules/validation';

// 01 §2.4: the flow's steps in order (limits.ts), then the other steps the record may hold.
export const ONBOARDING_FLOW_STEPS = ONBOARDING_STEPS;
export const ALL_ONBOARDING_STEPS = [...ONBOARDING_STEPS, ...OTHER_ONBOARDING_STEPS] as const;
export type OnboardingStep = (typeof ALL_ONBOARDING_STEPS)[number];
export const ONBOARDING_FIRST_STEP: OnboardingStep = 'name';
export const ONBOARDING_FINAL_STEP: OnboardingStep = 'welcome';

export const ONBOARDING_DEVICES = ['mobile', 'desktop'] as const;
export type OnboardingDevice = (typeof ONBOARDING_DEVICES)[number];

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === 'string' && (ALL_ONBOARDING_STEPS as readonly string[]).includes(value);
}

/** The flow step after this one; null after the last (and for steps outside the flow). */
export function nextOnboardingStep(step: OnboardingStep): OnboardingStep | null {
  const i = (ONBOARDING_FLOW_STEPS as readonly string[]).indexOf(step);
  return i < 0 || i === ONBOARDING_FLOW_STEPS.length - 1 ? null : ONBOARDING_FLOW_STEPS[i + 1];
}

// The spec gives texts for name, phone, e-mail and company (01 §5); the other fields get ours, in its style.
export const ONBOARDING_MESSAGES = {
  stepInvalid: 'Paso de registro inválido',
  fieldNotEditable: 'Este dato no se puede guardar en el registro',
  dataRequired: 'No hay datos para guardar',
  categoryInvalid: 'Categoría inválida',
  websiteInvalid: 'Sitio web inválido',
  planInvalid: 'Plan inválido',
  deviceInvalid: 'Dispositivo inválido',
  speedInvalid: 'Velocidad de conexión inválida',
  locationInvalid: 'Ubicación inválida',
  countryInvalid: 'País inválido',
  optionRequired: VALIDATION_MESSAGES.selectOption,
  messagesInvalid: 'Número de conversaciones inválido',
  agentsInvalid: 'Número de agentes inválido',
  referralInvalid: 'Código de referido inválido',
  nameTooLong: 'El nombre es demasiado largo',
  companyNameTooLong: 'El nombre de la compañía es demasiado largo',
} as const;

// 01 §3 OnboardingInProcess: the fields a client may write. score is computed by the server (ignored when sent);
// id, companyId and the request timestamps are the server's.
export const ONBOARDING_EDITABLE_FIELDS = [
  'email',
  'name',
  'planName',
  'step',
  'prevStep',
  'businessName',
  'businessCategory',
  'businessWeb',
  'hasWebsite',
  'location',
  'country',
  'device',
  'connSpeedMBps',
  'phone',
  'isUseNewPhone',
  'messages',
  'agents',
  'referralCode',
] as const;
export type OnboardingEditableField = (typeof ONBOARDING_EDITABLE_FIELDS)[number];
/** Sent by clients but never stored as sent: the server computes it (01 §9). */
export const ONBOARDING_SERVER_FIELDS = ['score'] as const;

export interface OnboardingPatch {
  email?: string;
  name?: string;
  planName?: string | null;
  step?: OnboardingStep;
  prevStep?: OnboardingStep | null;
  businessName?: string;
  businessCategory?: string | null;
  businessWeb?: string | null;
  hasWebsite?: boolean | null;
  location?: string | null;
  country?: string | null;
  device?: OnboardingDevice | null;
  connSpeedMBps?: number | null;
  phone?: string;
  isUseNewPhone?: boolean | null;
  messages?: number | null;
  agents?: number | null;
  referralCode?: string | null;
}

export type OnboardingErrorCode =
  | 'CANNOT_SET_ONBOARDING_USER_DATA'
  | 'CANNOT_SET_ONBOARDING_STEP'
  | 'CANNOT_SET_ONBOARDING_PREV_STEP';

export interface OnboardingFieldError {
  code: OnboardingErrorCode;
  field: string;
  message: string;
}

export type OnboardingDataResult =
  | { ok: true; patch: OnboardingPatch }
  | { ok: false; error: OnboardingFieldError };

const WEBSITE_PATTERN = /^(https?:\/\/)?[^\s.]+\.[^\s]{2,}$/i;
const COUNTRY_PATTERN = /^[\p{L}\p{M} ]{2,60}$/u;
const REFERRAL_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;
const CONTROL_CHARACTERS = /\p{Cc}/u;
const MAX_CONNECTION_SPEED = 100_000;
const MAX_CONVERSATIONS = Math.max(...PLAN_OFFERS.PRO.conversations);
const MAX_AGENTS = Math.max(...PLAN_AGENT_OPTIONS);

type FieldCheck = { value: unknown } | { message: string };

const fail = (message: string): FieldCheck => ({ message });

function optionalText(value: unknown, max: number, message: string, pattern?: RegExp): FieldCheck {
  if (value === null) return { value: null };
  if (typeof value !== 'string') return fail(message);
  const text = value.trim();
  if (text === '') return { value: null };
  if (text.length > max || CONTROL_CHARACTERS.test(text) || (pattern && !pattern.test(text)))
    return fail(message);
  return { value: text };
}

function optionalBoolean(value: unknown): FieldCheck {
  if (value === null || typeof value === 'boolean') return { value };
  return fail(ONBOARDING_MESSAGES.optionRequired);
}

function optionalInteger(value: unknown, min: number, max: number, message: string): FieldCheck {
  if (value === null) return { value: null };
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return fail(message);
  return { value };
}

function requiredText(
  value: unknown,
  rule: (v: string) => string | null,
  max: number,
  tooLong: string,
): FieldCheck {
  const text = typeof value === 'string' ? value.trim() : '';
  const message = rule(text);
  if (message) return fail(message);
  if (text.length > max) return fail(tooLong);
  return { value: text };
}

function oneOf(value: unknown, options: readonly unknown[], message: string, nullable: boolean): FieldCheck {
  if (value === null && nullable) return { value: null };
  return options.includes(value) ? { value } : fail(message);
}

function checkField(field: OnboardingEditableField, value: unknown): FieldCheck {
  const M = ONBOARDING_MESSAGES;
  switch (field) {
    case 'email': {
      const text = typeof value === 'string' ? value.trim() : '';
      const message = validateEmail(text);
      return message ? fail(message) : { value: text.toLowerCase() };
    }
    case 'name':
      return requiredText(value, validateOnboardingName, 120, M.nameTooLong);
    case 'phone':
      return requiredText(value, validatePhone, 20, VALIDATION_MESSAGES.phoneInvalid);
    case 'businessName':
      return requiredText(value, validateCompanyName, 120, M.companyNameTooLong);
    case 'businessCategory':
      return oneOf(value, BUSINESS_CATEGORIES, M.categoryInvalid, true);
    case 'businessWeb':
      return optionalText(value, 300, M.websiteInvalid, WEBSITE_PATTERN);
    case 'planName':
      return oneOf(value, Object.keys(PLAN_OFFERS), M.planInvalid, true);
    case 'step':
      return oneOf(value, ALL_ONBOARDING_STEPS, M.stepInvalid, false);
    case 'prevStep':
      return oneOf(value, ALL_ONBOARDING_STEPS, M.stepInvalid, true);
    case 'device':
      return oneOf(value, ONBOARDING_DEVICES, M.deviceInvalid, true);
    case 'connSpeedMBps':
      if (value === null) return { value: null };
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_CONNECTION_SPEED)
        return fail(M.speedInvalid);
      return { value };
    case 'location':
      return optionalText(value, 200, M.locationInvalid);
    case 'country':
      return optionalText(value, 60, M.countryInvalid, COUNTRY_PATTERN);
    case 'referralCode':
      return optionalText(value, 60, M.referralInvalid, REFERRAL_PATTERN);
    case 'hasWebsite':
    case 'isUseNewPhone':
      return optionalBoolean(value);
    case 'messages':
      return optionalInteger(value, 1, MAX_CONVERSATIONS, M.messagesInvalid);
    case 'agents':
      return optionalInteger(value, 1, MAX_AGENTS, M.agentsInvalid);
  }
}

function codeFor(field: string): OnboardingErrorCode {
  if (field === 'step') return 'CANNOT_SET_ONBOARDING_STEP';
  if (field === 'prevStep') return 'CANNOT_SET_ONBOARDING_PREV_STEP';
  return 'CANNOT_SET_ONBOARDING_USER_DATA';
}

/**
 * Checks every field of a `data` object sent to the record; the first fault is answered with its code (01 §8) and
 * Spanish text, and then nothing is stored. Texts are trimmed, empty optional texts become null, the e-mail is
 * lowercased; `score` is dropped (the server computes it).
 */
export function parseOnboardingData(data: unknown): OnboardingDataResult {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      error: {
        code: 'CANNOT_SET_ONBOARDING_USER_DATA',
        field: 'data',
        message: ONBOARDING_MESSAGES.dataRequired,
      },
    };
  }
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (value === undefined || (ONBOARDING_SERVER_FIELDS as readonly string[]).includes(field)) continue;
    if (!(ONBOARDING_EDITABLE_FIELDS as readonly string[]).includes(field)) {
      return {
        ok: false,
        error: { code: codeFor(field), field, message: ONBOARDING_MESSAGES.fieldNotEditable },
      };
    }
    const check = checkField(field as OnboardingEditableField, value);
    if ('message' in check)
      return { ok: false, error: { code: codeFor(field), field, message: check.message } };
    patch[field] = check.value;
  }
  return { ok: true, patch: patch as OnboardingPatch };
}

export interface OnboardingScoreFields {
  messages: number | null;
  agents: number | null;
  hasWebsite: boolean | null;
  businessWeb: string | null;
  device: string | null;
  connSpeedMBps: number | null;
  country: string | null;
  referralCode: string | null;
}

/**
 * 01 §9 lead score of a record. Conversations and agents not chosen yet count as the plan page's defaults (01 §7:
 * 1 agent, 100 conversations); hasWebsite not answered counts as "has one" when a website was typed.
 */
export function onboardingLeadScore(record: OnboardingScoreFields): number {
  return leadScore({
    messages: record.messages ?? DEFAULT_PLAN_SELECTION.conversations,
    agents: record.agents ?? DEFAULT_PLAN_SELECTION.agents,
    hasWebsite: record.hasWebsite ?? (record.businessWeb !== null && record.businessWeb !== ''),
    device: record.device,
    connSpeedMBps: record.connSpeedMBps,
    country: record.country,
    referralCode: record.referralCode,
  });
}

/** The sandbox channel a finished sign-up gets in its default space, so the inbox works at once. */
export const ONBOARDING_SANDBOX_CHANNEL_NAME = 'Canal de prueba';

export interface OnboardingHelpRequest {
  name: string | null;
  email: string;
  phone: string | null;
  businessName: string | null;
  companyId: number | null;
  step: string;
}

/** To support: a new customer asked for help to finish setting up (GET /api/onboarding/need-help). */
export function onboardingHelpRequestEmail(request: OnboardingHelpRequest): EmailText {
  const rows: Array<[string, string]> = [
    ['Nombre', request.name ?? '—'],
    ['Correo', request.email],
    ['Teléfono', request.phone ?? '—'],
    ['Negocio', request.businessName ?? '—'],
    ['Compañía', request.companyId === null ? '—' : String(request.companyId)],
    ['Paso', request.step],
  ];
  const intro = 'Un cliente nuevo pidió ayuda para terminar su configuración.';
  return {
    subject: `Solicitud de ayuda con el registro: ${request.businessName ?? request.email}`,
    text: `${intro}\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}`,
    html: `<p>${intro}</p><ul>${rows
      .map(([k, v]) => `<li><strong>${k}:</strong> ${escapeHtml(v)}</li>`)
      .join('')}</ul>`,
  };
}

/** To the new user: the instruction video for linking the number it already uses (POST /send-onboarding-video). */
export function onboardingVideoEmail(name: string, link: string): EmailText {
  const intro = 'Aquí tienes el video con las instrucciones para vincular tu número de WhatsApp:';
  return {
    subject: 'Video: cómo vincular tu número de WhatsApp',
    text: `Hola ${name}, ${intro} ${link}`,
    html: `<p>Hola ${escapeHtml(name)},</p><p>${intro}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
