import { describe, expect, it } from 'vitest';
import { Plan } from './company';
import {
  defaultWorkingHours,
  holdsAllPermissions,
  isValidTimeZone,
  isWithinWorkingHours,
  manageUserError,
  roleGrantError,
  takesAdminSeat,
  teamLimitError,
  teamLimitsFor,
  validateTeamUserDraft,
  validateWorkingHours,
  type WorkingHours,
} from './team';

const draft = {
  name: 'Laura Ventas',
  email: 'laura@empresa.mx',
  phone: '5215512345678',
  roleId: 3,
  password: 'Segura123',
  spaceIds: [1],
};

describe('validateTeamUserDraft', () => {
  it('accepts a complete draft and an edit that leaves the password empty', () => {
    expect(validateTeamUserDraft(draft, 'create')).toBeNull();
    expect(validateTeamUserDraft({ ...draft, password: '' }, 'update')).toBeNull();
    expect(validateTeamUserDraft({ ...draft, phone: '' }, 'create')).toBeNull();
  });

  it('names the first field at fault, in the form order, with the spec texts', () => {
    expect(validateTeamUserDraft({ ...draft, name: ' ' }, 'create')).toMatchObject({
      field: 'name',
      message: 'Nombre obligatorio',
    });
    expect(validateTeamUserDraft({ ...draft, name: 'x'.repeat(121) }, 'create')?.field).toBe('name');
    expect(validateTeamUserDraft({ ...draft, email: 'laura' }, 'create')).toMatchObject({
      field: 'email',
      message: 'Correo invalido',
    });
    expect(validateTeamUserDraft({ ...draft, phone: '55 12' }, 'create')?.field).toBe('phone');
    expect(validateTeamUserDraft({ ...draft, roleId: null }, 'create')?.field).toBe('rolId');
    expect(validateTeamUserDraft({ ...draft, password: '' }, 'create')).toMatchObject({
      field: 'password',
      message: 'Contraseña obligatoria',
    });
    expect(validateTeamUserDraft({ ...draft, password: 'corta1' }, 'update')?.field).toBe('password');
    expect(validateTeamUserDraft({ ...draft, spaceIds: [] }, 'create')).toMatchObject({
      code: 'SHOULD_SELECT_AT_LEAST_ONE_SPACE',
      field: 'spacesIds',
    });
  });
});

describe('validateWorkingHours', () => {
  const hours = (patch: Partial<WorkingHours> = {}): WorkingHours => ({
    ...defaultWorkingHours('America/Bogota'),
    isActive: true,
    ...patch,
  });

  it('accepts the default week and any order of the days', () => {
    expect(validateWorkingHours(hours())).toBeNull();
    expect(validateWorkingHours(hours({ days: [...hours().days].reverse() }))).toBeNull();
  });

  it('refuses an unknown zone, a bad or inverted time, a missing or repeated day, and an active week with no day', () => {
    expect(validateWorkingHours(hours({ timezone: 'Marte/Olympus' }))?.field).toBe('timezone');
    const days = hours().days;
    expect(validateWorkingHours(hours({ days: [{ ...days[0], start: '25:00' }, ...days.slice(1)] }))).toEqual(
      {
        field: 'days.monday',
        message: 'Hora inválida',
      },
    );
    expect(
      validateWorkingHours(hours({ days: [{ ...days[0], end: '08:00' }, ...days.slice(1)] }))?.message,
    ).toBe('La hora de salida debe ser posterior a la de entrada');
    expect(validateWorkingHours(hours({ days: days.slice(1) }))?.field).toBe('days');
    expect(validateWorkingHours(hours({ days: [days[0], ...days.slice(0, 6)] }))?.field).toBe('days');
    expect(validateWorkingHours(hours({ days: days.map((d) => ({ ...d, isActive: false })) }))?.message).toBe(
      'Selecciona al menos un día laboral',
    );
    // An inactive day's times are not read.
    expect(
      validateWorkingHours(
        hours({ days: days.map((d) => (d.day === 'sunday' ? { ...d, start: '', end: '' } : d)) }),
      ),
    ).toBeNull();
  });
});

describe('isWithinWorkingHours', () => {
  const bogota: WorkingHours = { ...defaultWorkingHours('America/Bogota'), isActive: true };

  it("reads the hours in the agent's zone, start included and end excluded", () => {
    // Monday 2026-11-23 14:00 UTC is 09:00 in Bogotá (UTC-5).
    expect(isWithinWorkingHours(bogota, new Date('2026-11-23T14:00:00Z'))).toBe(true);
    expect(isWithinWorkingHours(bogota, new Date('2026-11-23T13:59:00Z'))).toBe(false);
    expect(isWithinWorkingHours(bogota, new Date('2026-11-23T23:00:00Z'))).toBe(false);
    // Saturday is off.
    expect(isWithinWorkingHours(bogota, new Date('2026-11-28T15:00:00Z'))).toBe(false);
    // Friday 23:30 in Bogotá is already Saturday in UTC: still Friday for the agent, and out of hours.
    expect(isWithinWorkingHours(bogota, new Date('2026-11-28T04:30:00Z'))).toBe(false);
  });

  it('never limits when the schedule is off or absent', () => {
    expect(isWithinWorkingHours({ ...bogota, isActive: false }, new Date('2026-11-28T15:00:00Z'))).toBe(true);
    expect(isWithinWorkingHours(null, new Date())).toBe(true);
  });
});

describe('team limits', () => {
  it("takes the company's own figures over the plan's", () => {
    expect(teamLimitsFor(Plan.BASIC, { usersLimit: null, adminsLimit: null })).toEqual({
      users: 5,
      admins: 2,
    });
    expect(teamLimitsFor(Plan.BASIC, { usersLimit: 12, adminsLimit: null })).toEqual({
      users: 12,
      admins: 2,
    });
    expect(teamLimitsFor(Plan.UNLIMITED, { usersLimit: null, adminsLimit: null })).toEqual({
      users: null,
      admins: null,
    });
  });

  it('refuses only the change that takes a seat beyond the limit', () => {
    const limits = { users: 3, admins: 1 };
    const agent = { admin: false };
    const admin = { admin: true };
    expect(teamLimitError({ users: 2, admins: 0 }, limits, { before: null, after: agent })).toBeNull();
    expect(teamLimitError({ users: 3, admins: 0 }, limits, { before: null, after: agent })).toBe(
      'REACH_USERS_LIMIT_ERROR',
    );
    expect(teamLimitError({ users: 2, admins: 1 }, limits, { before: null, after: admin })).toBe(
      'REACH_ADMINS_LIMIT_ERROR',
    );
    expect(teamLimitError({ users: 3, admins: 1 }, limits, { before: agent, after: admin })).toBe(
      'REACH_ADMINS_LIMIT_ERROR',
    );
    // Over a limit lowered later, edits that add no seat still go through.
    expect(teamLimitError({ users: 9, admins: 4 }, limits, { before: admin, after: admin })).toBeNull();
    expect(teamLimitError({ users: 9, admins: 4 }, limits, { before: admin, after: agent })).toBeNull();
    expect(
      teamLimitError(
        { users: 500, admins: 50 },
        { users: null, admins: null },
        { before: null, after: admin },
      ),
    ).toBeNull();
  });
});

describe('escalation rule', () => {
  const teamLead = {
    roleName: 'Coordinador',
    permissions: { readChat: true, readUsers: true, writeUsers: true },
  } as const;
  const admin = {
    roleName: 'admin',
    permissions: { readChat: true, writeUsers: true, writeRols: true },
  } as const;

  it('holds a set only when every known permission of it is held', () => {
    expect(holdsAllPermissions({ readChat: true, writeUsers: true }, ['readChat'])).toBe(true);
    expect(holdsAllPermissions({ readChat: true }, ['readChat', 'writeRols'])).toBe(false);
    expect(holdsAllPermissions({ readChat: true }, ['readChat', 'notAPermission'])).toBe(true);
    expect(holdsAllPermissions({}, [])).toBe(true);
  });

  it('refuses to give a role with a permission the caller lacks', () => {
    expect(roleGrantError(teamLead, { roleName: 'agente', permissions: ['readChat'] })).toBeNull();
    expect(roleGrantError(teamLead, { roleName: 'admin', permissions: ['readChat', 'writeRols'] })).toBe(
      'No puedes asignar un rol con permisos que tú no tienes.',
    );
  });

  it('keeps the superadmin role and the superadmin to a superadmin, even for an admin holding everything', () => {
    const everything = { roleName: 'superadmin', permissions: ['readChat'] };
    expect(roleGrantError(admin, everything)).toMatch(/superadministrador/);
    expect(manageUserError(admin, everything)).toMatch(/superadministrador/);
    expect(roleGrantError({ ...admin, roleName: 'superadmin' }, everything)).toBeNull();
  });

  it('refuses to manage a user whose role holds more than the caller', () => {
    expect(
      manageUserError(teamLead, { roleName: 'agente', permissions: ['readChat', 'readUsers'] }),
    ).toBeNull();
    expect(manageUserError(teamLead, { roleName: 'admin', permissions: ['readChat', 'writeRols'] })).toBe(
      'No puedes modificar a un usuario con permisos que tú no tienes.',
    );
  });
});

describe('working hours at their bounds', () => {
  const week = (patch: Partial<WorkingHours> = {}): WorkingHours => ({
    ...defaultWorkingHours('America/Bogota'),
    isActive: true,
    ...patch,
  });

  it('starts a new agent on Monday to Friday, 09:00 to 18:00, with the schedule off', () => {
    const day = (name: string, isActive: boolean) => ({ day: name, isActive, start: '09:00', end: '18:00' });
    expect(defaultWorkingHours('America/Mexico_City')).toEqual({
      timezone: 'America/Mexico_City',
      isActive: false,
      days: [
        day('monday', true),
        day('tuesday', true),
        day('wednesday', true),
        day('thursday', true),
        day('friday', true),
        day('saturday', false),
        day('sunday', false),
      ],
    });
  });

  it('knows a zone only when it is a real IANA zone', () => {
    expect(isValidTimeZone('America/Bogota')).toBe(true);
    expect(isValidTimeZone('Marte/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('  ')).toBe(false);
  });

  it('reads the minutes: an end minutes before the start, or equal to it, is refused', () => {
    const monday = (start: string, end: string) => {
      const days = week().days;
      return week({ days: [{ ...days[0], start, end }, ...days.slice(1)] });
    };
    const refused = { field: 'days.monday', message: 'La hora de salida debe ser posterior a la de entrada' };
    expect(validateWorkingHours(monday('09:30', '09:10'))).toEqual(refused);
    expect(validateWorkingHours(monday('09:30', '09:30'))).toEqual(refused);
    expect(validateWorkingHours(monday('09:30', '09:31'))).toBeNull();
  });

  it('refuses a day given twice or a day that does not exist, even with the whole week there', () => {
    const days = week().days;
    const required = { field: 'days', message: 'Campo obligatorio' };
    expect(validateWorkingHours(week({ days: [...days, days[0]] }))).toEqual(required);
    expect(
      validateWorkingHours(week({ days: [...days, { ...days[0], day: 'funday' as 'monday' }] })),
    ).toEqual(required);
  });

  it('names the days field when an active week has no working day', () => {
    expect(validateWorkingHours(week({ days: week().days.map((d) => ({ ...d, isActive: false })) }))).toEqual(
      {
        field: 'days',
        message: 'Selecciona al menos un día laboral',
      },
    );
  });

  it('counts the minutes of the start, and a day missing from the schedule is off', () => {
    const days = week().days.map((d) => ({ ...d, start: '09:15' }));
    // Monday 2026-11-23 14:30 UTC is 09:30 in Bogotá; 14:10 UTC is 09:10.
    expect(isWithinWorkingHours(week({ days }), new Date('2026-11-23T14:30:00Z'))).toBe(true);
    expect(isWithinWorkingHours(week({ days }), new Date('2026-11-23T14:10:00Z'))).toBe(false);
    const noMonday = week({ days: days.slice(1) });
    expect(isWithinWorkingHours(noMonday, new Date('2026-11-23T14:30:00Z'))).toBe(false);
  });
});

describe('validateTeamUserDraft at its bounds', () => {
  it('answers the whole error: code, field and Spanish text', () => {
    expect(validateTeamUserDraft({ ...draft, name: null }, 'create')).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'name',
      message: 'Nombre obligatorio',
    });
    expect(validateTeamUserDraft({ ...draft, spaceIds: null }, 'create')).toEqual({
      code: 'SHOULD_SELECT_AT_LEAST_ONE_SPACE',
      field: 'spacesIds',
      message: 'Selecciona al menos un espacio.',
    });
  });

  it('takes a name of 120 characters once trimmed, not 121', () => {
    expect(validateTeamUserDraft({ ...draft, name: ` ${'x'.repeat(120)} ` }, 'create')).toBeNull();
    expect(validateTeamUserDraft({ ...draft, name: 'x'.repeat(121) }, 'create')).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'name',
      message: 'El nombre no debe exceder los 120 caracteres',
    });
  });

  it('skips an absent or blank phone', () => {
    expect(validateTeamUserDraft({ ...draft, phone: null }, 'create')).toBeNull();
    expect(validateTeamUserDraft({ ...draft, phone: '   ' }, 'create')).toBeNull();
  });

  it('keeps the password on an edit that sends none', () => {
    expect(validateTeamUserDraft({ ...draft, password: null }, 'update')).toBeNull();
    expect(validateTeamUserDraft({ ...draft, password: undefined }, 'update')).toBeNull();
    expect(validateTeamUserDraft({ ...draft, password: null }, 'create')?.field).toBe('password');
  });
});

describe('admin seats', () => {
  it('are taken by the admin and superadmin roles only', () => {
    expect(takesAdminSeat('admin')).toBe(true);
    expect(takesAdminSeat('superadmin')).toBe(true);
    expect(takesAdminSeat('agente')).toBe(false);
    expect(takesAdminSeat('Coordinador')).toBe(false);
  });

  it('lets the last admin seat be taken', () => {
    const limits = { users: 3, admins: 1 };
    expect(
      teamLimitError({ users: 1, admins: 0 }, limits, { before: null, after: { admin: true } }),
    ).toBeNull();
    expect(
      teamLimitError({ users: 1, admins: 0 }, limits, { before: { admin: false }, after: { admin: true } }),
    ).toBeNull();
  });
});
