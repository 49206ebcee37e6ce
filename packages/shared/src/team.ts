import { Plan } from './company';
import { userMessageFor } from './errors';
import { isPermissionName, type PermissionMap, ROLE_NAMES } from './permissions';
import { validatePhone } from './rules/phone';
import {
  VALIDATION_MESSAGES,
  type ValidationResult,
  validateEmail,
  validateName,
  validatePassword,
} from './rules/validation';

/** 02 §3 Working hours: one entry per weekday, Monday first as the form shows them. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Lunes',
  tuesday: 'Martes',
  wednesday: 'Miércoles',
  thursday: 'Jueves',
  friday: 'Viernes',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

export interface WorkingDay {
  day: Weekday;
  isActive: boolean;
  /** 'HH:mm', 24-hour clock. */
  start: string;
  end: string;
}

export interface WorkingHours {
  /** IANA zone the hours are read in (a team spread over countries has one zone per agent). */
  timezone: string;
  /** Off: the agent is treated as always within hours. */
  isActive: boolean;
  days: WorkingDay[];
}

export const TEAM_MESSAGES = {
  timeInvalid: 'Hora inválida',
  endBeforeStart: 'La hora de salida debe ser posterior a la de entrada',
  timezoneInvalid: 'Zona horaria inválida',
  noActiveDay: 'Selecciona al menos un día laboral',
  roleRequired: 'Selecciona un rol',
  spacesRequired: 'Selecciona al menos un espacio',
  nameTooLong: 'El nombre no debe exceder los 120 caracteres',
  userNotFound: 'El usuario no existe',
  roleNotFound: 'El rol no existe',
  spaceNotFound: 'El espacio no existe',
  locationNotFound: 'La ubicación no existe',
  categoryNotFound: 'La categoría no existe',
  roleAboveOwn: 'No puedes asignar un rol con permisos que tú no tienes.',
  superadminRoleOnly: 'Solo el superadministrador puede asignar el rol de superadministrador.',
  userAboveOwn: 'No puedes modificar a un usuario con permisos que tú no tienes.',
  superadminOnly: 'Solo el superadministrador puede modificar al superadministrador.',
  cannotDeleteSelf: 'No puedes eliminar tu propio usuario',
  cannotAdministerSelf: 'Un usuario no puede administrarse a sí mismo',
  superadminRoleFixed: 'El rol del superadministrador no se puede cambiar',
} as const;

export const USER_NAME_MAX = 120;

/** Monday to Friday 09:00–18:00, weekend off: what a new agent starts with. */
export function defaultWorkingHours(timezone: string): WorkingHours {
  return {
    timezone,
    isActive: false,
    days: WEEKDAYS.map((day) => ({
      day,
      isActive: day !== 'saturday' && day !== 'sunday',
      start: '09:00',
      end: '18:00',
    })),
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidTime(value: string): boolean {
  return TIME.test(value);
}

function minutesOf(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export function isValidTimeZone(zone: string): boolean {
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: Intl refuses an empty or blank zone too; this spares the exception
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface WorkingHoursError {
  /** 'timezone', 'days', or 'days.<weekday>'. */
  field: string;
  message: string;
}

/**
 * The spec leaves the working-hours rules open (02 §9); ours: a real IANA zone, every weekday present once,
 * times as HH:mm with the end after the start on an active day (no overnight shifts), and when the schedule is
 * on, at least one working day.
 */
export function validateWorkingHours(hours: WorkingHours): WorkingHoursError | null {
  if (!isValidTimeZone(hours.timezone)) return { field: 'timezone', message: TEAM_MESSAGES.timezoneInvalid };
  const seen = new Set<string>();
  for (const entry of hours.days) {
    if (!(WEEKDAYS as readonly string[]).includes(entry.day) || seen.has(entry.day)) {
      return { field: 'days', message: VALIDATION_MESSAGES.required };
    }
    seen.add(entry.day);
    if (!entry.isActive) continue;
    if (!isValidTime(entry.start) || !isValidTime(entry.end)) {
      return { field: `days.${entry.day}`, message: TEAM_MESSAGES.timeInvalid };
    }
    if (minutesOf(entry.end) <= minutesOf(entry.start)) {
      return { field: `days.${entry.day}`, message: TEAM_MESSAGES.endBeforeStart };
    }
  }
  if (seen.size !== WEEKDAYS.length) return { field: 'days', message: VALIDATION_MESSAGES.required };
  if (hours.isActive && !hours.days.some((d) => d.isActive)) {
    return { field: 'days', message: TEAM_MESSAGES.noActiveDay };
  }
  return null;
}

const WEEKDAY_BY_SHORT: Record<string, Weekday> = {
  Mon: 'monday',
  Tue: 'tuesday',
  Wed: 'wednesday',
  Thu: 'thursday',
  Fri: 'friday',
  Sat: 'saturday',
  Sun: 'sunday',
};

/** Whether `at` falls inside the agent's hours, read in the agent's own zone. A schedule that is off never limits. */
export function isWithinWorkingHours(hours: WorkingHours | null | undefined, at: Date): boolean {
  if (!hours?.isActive) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  // Stryker disable next-line OptionalChaining,StringLiteral: formatToParts always gives the weekday, hour and minute asked for
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_BY_SHORT[part('weekday')];
  const entry = hours.days.find((d) => d.day === day);
  if (!entry?.isActive) return false;
  const now = Number(part('hour')) * 60 + Number(part('minute'));
  return now >= minutesOf(entry.start) && now < minutesOf(entry.end);
}

export interface TeamUserDraft {
  name: string | null | undefined;
  email: string | null | undefined;
  phone: string | null | undefined;
  roleId: number | null | undefined;
  /** Required when creating; on edit empty keeps the current one. */
  password: string | null | undefined;
  spaceIds: readonly number[] | null | undefined;
}

export interface TeamUserDraftError {
  code: 'VALIDATION_ERROR' | 'SHOULD_SELECT_AT_LEAST_ONE_SPACE';
  field: 'name' | 'email' | 'phone' | 'rolId' | 'password' | 'spacesIds';
  message: string;
}

/** 02 §5 "User create" and the agent form, in the order the form shows its fields. */
export function validateTeamUserDraft(
  draft: TeamUserDraft,
  mode: 'create' | 'update',
): TeamUserDraftError | null {
  const check = (field: TeamUserDraftError['field'], result: ValidationResult): TeamUserDraftError | null =>
    result ? { code: 'VALIDATION_ERROR', field, message: result } : null;
  // Stryker disable next-line StringLiteral: without a name validateName answers first; the fallback only satisfies the type
  const name = draft.name?.trim() ?? '';
  const nameError =
    check('name', validateName(draft.name)) ??
    (name.length > USER_NAME_MAX ? check('name', TEAM_MESSAGES.nameTooLong) : null);
  if (nameError) return nameError;
  const emailError = check('email', validateEmail(draft.email));
  if (emailError) return emailError;
  // The phone is optional for a team member; when given it follows the product's phone rule.
  if (draft.phone && draft.phone.trim() !== '') {
    const phoneError = check('phone', validatePhone(draft.phone));
    if (phoneError) return phoneError;
  }
  if (!draft.roleId) return check('rolId', TEAM_MESSAGES.roleRequired);
  if (
    mode === 'create' ||
    (draft.password !== null && draft.password !== undefined && draft.password !== '')
  ) {
    const passwordError = check('password', validatePassword(draft.password));
    if (passwordError) return passwordError;
  }
  if (!draft.spaceIds || draft.spaceIds.length === 0) {
    return {
      code: 'SHOULD_SELECT_AT_LEAST_ONE_SPACE',
      field: 'spacesIds',
      message: userMessageFor('SHOULD_SELECT_AT_LEAST_ONE_SPACE'),
    };
  }
  return null;
}

/** Roles that take an administrator seat of the plan (02 §6 "limits on total users and admin users"). */
export const ADMIN_SEAT_ROLES: readonly string[] = [ROLE_NAMES.admin, ROLE_NAMES.superadmin];

export function takesAdminSeat(roleName: string): boolean {
  return ADMIN_SEAT_ROLES.includes(roleName);
}

export interface TeamLimits {
  /** null: no limit. */
  users: number | null;
  admins: number | null;
}

/**
 * Seats per plan when the company has no purchased figure of its own (the spec names the limits, not their
 * values: these are ours). The subscription sets the company's own figures when it is bought.
 */
export const PLAN_TEAM_LIMITS: Record<Plan, TeamLimits> = {
  [Plan.INACTIVE]: { users: 1, admins: 1 },
  [Plan.ONE]: { users: 2, admins: 1 },
  [Plan.STARTER]: { users: 3, admins: 1 },
  [Plan.BASIC]: { users: 5, admins: 2 },
  [Plan.PLUS]: { users: 10, admins: 3 },
  [Plan.PRO]: { users: 20, admins: 5 },
  [Plan.SUPERPRO]: { users: 50, admins: 10 },
  [Plan.UNLIMITED]: { users: null, admins: null },
};

export function teamLimitsFor(
  plan: Plan,
  own: { usersLimit: number | null; adminsLimit: number | null },
): TeamLimits {
  const byPlan = PLAN_TEAM_LIMITS[plan] ?? PLAN_TEAM_LIMITS[Plan.INACTIVE];
  return { users: own.usersLimit ?? byPlan.users, admins: own.adminsLimit ?? byPlan.admins };
}

export interface TeamCounts {
  users: number;
  admins: number;
}

/**
 * Whether a change of the team fits the plan. `before` is what the change replaces (null when a user is added):
 * a change that does not add a seat (an edit that keeps the role kind) always fits, even over a limit that was
 * lowered later, so an over-limit company can still edit and remove people.
 */
export function teamLimitError(
  counts: TeamCounts,
  limits: TeamLimits,
  change: { before: { admin: boolean } | null; after: { admin: boolean } },
): 'REACH_USERS_LIMIT_ERROR' | 'REACH_ADMINS_LIMIT_ERROR' | null {
  const addsUser = change.before === null;
  const addsAdmin = change.after.admin && (change.before === null || !change.before.admin);
  if (addsUser && limits.users !== null && counts.users + 1 > limits.users) return 'REACH_USERS_LIMIT_ERROR';
  if (addsAdmin && limits.admins !== null && counts.admins + 1 > limits.admins)
    return 'REACH_ADMINS_LIMIT_ERROR';
  return null;
}

/** A role as the escalation rule reads it: its name and its permission names. */
export interface RoleGrant {
  roleName: string;
  permissions: readonly string[];
}

/**
 * Whether `own` holds every permission of `wanted`. Unknown names are ignored, as toPermissionMap drops them: a
 * stale permission row grants nothing, so it cannot be escalated to either.
 */
export function holdsAllPermissions(own: PermissionMap, wanted: readonly string[]): boolean {
  return wanted.every((name) => !isPermissionName(name) || own[name] === true);
}

type Grantor = { roleName: string; permissions: PermissionMap };

/** The one escalation check: only a superadmin reaches the superadmin role, and nobody reaches permissions beyond their own. */
function escalationError(
  caller: Grantor,
  grant: RoleGrant,
  messages: { superadmin: string; above: string },
): string | null {
  if (grant.roleName === ROLE_NAMES.superadmin && caller.roleName !== ROLE_NAMES.superadmin) {
    return messages.superadmin;
  }
  return holdsAllPermissions(caller.permissions, grant.permissions) ? null : messages.above;
}

/**
 * Escalation rule of the team screens: a user gives only a role whose permissions they hold themselves, and only
 * a superadmin gives the superadmin role. Null when allowed, else the Spanish reason.
 */
export function roleGrantError(caller: Grantor, role: RoleGrant): string | null {
  return escalationError(caller, role, {
    superadmin: TEAM_MESSAGES.superadminRoleOnly,
    above: TEAM_MESSAGES.roleAboveOwn,
  });
}

/**
 * The same rule for the people themselves: a user creates, edits or deletes only users whose current role they
 * could give (so nobody with writeUsers alone rewrites an admin's password), and only a superadmin manages a
 * superadmin. Null when allowed, else the Spanish reason.
 */
export function manageUserError(caller: Grantor, target: RoleGrant): string | null {
  return escalationError(caller, target, {
    superadmin: TEAM_MESSAGES.superadminOnly,
    above: TEAM_MESSAGES.userAboveOwn,
  });
}
