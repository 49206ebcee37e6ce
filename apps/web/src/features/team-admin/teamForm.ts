import {
  ROLE_NAMES,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
  type WorkingDay,
  type WorkingHours,
} from '@crm/shared';
import type { TeamLimits, TeamUser } from './api/team.graphql';

/** A schedule as the API answers it: the schema types `day` as a String (a Weekday in practice). */
export type StoredWorkingHours = NonNullable<TeamUser['workingHours']>;

/** What the user form sends (02 §5 agent form data). */
export interface TeamUserPayload {
  name: string;
  email: string;
  phone: string;
  roleId: number;
  /** Empty on an edit: the password stays. */
  password: string;
  spaceIds: number[];
  adminOfIds: number[];
  /** null: no location. */
  locationId: number | null;
  categoryIds: number[];
  workingHours: WorkingHours;
  photo: File | null;
  removePhoto: boolean;
}

export function teamUserFormData(id: number | null, payload: TeamUserPayload): FormData {
  const form = new FormData();
  if (id !== null) form.append('id', String(id));
  form.append('name', payload.name.trim());
  form.append('email', payload.email.trim());
  form.append('phone', payload.phone.trim());
  form.append('rolId', String(payload.roleId));
  if (id === null || payload.password !== '') form.append('password', payload.password);
  form.append('spacesIds', JSON.stringify(payload.spaceIds));
  form.append('isAdminOfIds', JSON.stringify(payload.adminOfIds));
  // '' clears the location on an edit.
  form.append('locationId', payload.locationId === null ? '' : String(payload.locationId));
  form.append('categoriesIds', JSON.stringify(payload.categoryIds));
  form.append('userWorkingHours', JSON.stringify(payload.workingHours));
  if (payload.photo) form.append('file', payload.photo, payload.photo.name);
  if (id !== null && payload.removePhoto && !payload.photo) form.append('removeImage', 'true');
  return form;
}

/** Roles whose holders administer other users (02 §6 isAdminOfIds): the 'Administra a' field shows for them. */
export function administersOthers(roleName: string | undefined): boolean {
  return roleName === ROLE_NAMES.groupadmin || roleName === ROLE_NAMES.admin;
}

const SHORT_DAY: Record<Weekday, string> = {
  monday: 'Lun',
  tuesday: 'Mar',
  wednesday: 'Mié',
  thursday: 'Jue',
  friday: 'Vie',
  saturday: 'Sáb',
  sunday: 'Dom',
};

/**
 * One line for the team list: consecutive days with the same hours are joined ('Lun–Vie 09:00–18:00'), groups
 * separated by commas; 'Sin horario' when the schedule is off.
 */
export function workingHoursSummary(hours: StoredWorkingHours | null): string {
  if (!hours?.isActive) return 'Sin horario';
  const byDay = new Map(hours.days.map((d) => [d.day, d]));
  const groups: Array<{ from: Weekday; to: Weekday; span: string }> = [];
  for (const day of WEEKDAYS) {
    const entry = byDay.get(day);
    if (!entry?.isActive) continue;
    const span = `${entry.start}–${entry.end}`;
    const last = groups.at(-1);
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && last.span === span && last.to === previous) last.to = day;
    else groups.push({ from: day, to: day, span });
  }
  if (groups.length === 0) return 'Sin horario';
  return groups
    .map(
      (g) => `${g.from === g.to ? SHORT_DAY[g.from] : `${SHORT_DAY[g.from]}–${SHORT_DAY[g.to]}`} ${g.span}`,
    )
    .join(', ');
}

function ofLimit(count: number, limit: number | null): string {
  return limit === null ? `${count} (ilimitado)` : `${count} de ${limit}`;
}

/** The seats line above the list: 'Usuarios: 4 de 5 · Administradores: 1 de 2'. */
export function seatLine(limits: TeamLimits): string {
  return `Usuarios: ${ofLimit(limits.users, limits.usersLimit)} · Administradores: ${ofLimit(limits.admins, limits.adminsLimit)}`;
}

export function usersFull(limits: TeamLimits | undefined): boolean {
  return limits !== undefined && limits.usersLimit !== null && limits.users >= limits.usersLimit;
}

/** Every half hour of the day, 'HH:mm', for the start and end pickers. */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const hours = String(Math.floor(i / 2)).padStart(2, '0');
  return `${hours}:${i % 2 === 0 ? '00' : '30'}`;
});

/** Latin America first (the product's market), then Spain and UTC; the company's own zone always included. */
export function timeZoneOptions(companyZone: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.filter((zone) => zone.startsWith('America/'));
  for (const extra of ['Europe/Madrid', 'Atlantic/Canary', 'UTC', companyZone]) {
    if (!zones.includes(extra)) zones.push(extra);
  }
  return zones;
}

/** A schedule as the form edits it, every weekday present in order (a stored one may lack none, but be safe). */
export function editableHours(hours: StoredWorkingHours | null, fallback: WorkingHours): WorkingHours {
  if (!hours) return fallback;
  const byDay = new Map(hours.days.map((d) => [d.day, d]));
  const days: WorkingDay[] = WEEKDAYS.map((day) => {
    const stored = byDay.get(day);
    if (stored) return { day, isActive: stored.isActive, start: stored.start, end: stored.end };
    return fallback.days.find((d) => d.day === day) ?? { day, isActive: false, start: '09:00', end: '18:00' };
  });
  return { timezone: hours.timezone, isActive: hours.isActive, days };
}

export { WEEKDAY_LABELS };
