import { defaultWorkingHours, type WorkingHours } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import {
  administersOthers,
  editableHours,
  seatLine,
  TIME_OPTIONS,
  teamUserFormData,
  timeZoneOptions,
  usersFull,
  workingHoursSummary,
} from '../teamForm';

const week = (): WorkingHours => ({ ...defaultWorkingHours('America/Bogota'), isActive: true });

describe('workingHoursSummary', () => {
  it('joins consecutive days with the same hours', () => {
    expect(workingHoursSummary(week())).toBe('Lun–Vie 09:00–18:00');
    const hours = week();
    hours.days = hours.days.map((d) =>
      d.day === 'saturday' ? { ...d, isActive: true, start: '10:00', end: '14:00' } : d,
    );
    expect(workingHoursSummary(hours)).toBe('Lun–Vie 09:00–18:00, Sáb 10:00–14:00');
    hours.days = hours.days.map((d) => (d.day === 'wednesday' ? { ...d, isActive: false } : d));
    expect(workingHoursSummary(hours)).toBe('Lun–Mar 09:00–18:00, Jue–Vie 09:00–18:00, Sáb 10:00–14:00');
  });

  it("says 'Sin horario' when the schedule is off, absent or has no day", () => {
    expect(workingHoursSummary(null)).toBe('Sin horario');
    expect(workingHoursSummary({ ...week(), isActive: false })).toBe('Sin horario');
    expect(
      workingHoursSummary({ ...week(), days: week().days.map((d) => ({ ...d, isActive: false })) }),
    ).toBe('Sin horario');
  });
});

describe('seats', () => {
  it('reads the counts against the limits, unlimited included', () => {
    expect(seatLine({ users: 4, admins: 1, usersLimit: 5, adminsLimit: 2 })).toBe(
      'Usuarios: 4 de 5 · Administradores: 1 de 2',
    );
    expect(seatLine({ users: 40, admins: 3, usersLimit: null, adminsLimit: null })).toBe(
      'Usuarios: 40 (ilimitado) · Administradores: 3 (ilimitado)',
    );
    expect(usersFull({ users: 5, admins: 1, usersLimit: 5, adminsLimit: 2 })).toBe(true);
    expect(usersFull({ users: 4, admins: 1, usersLimit: 5, adminsLimit: 2 })).toBe(false);
    expect(usersFull({ users: 400, admins: 1, usersLimit: null, adminsLimit: null })).toBe(false);
    expect(usersFull(undefined)).toBe(false);
  });
});

describe('teamUserFormData', () => {
  const payload = {
    name: ' Laura Gómez ',
    email: 'laura@empresa.com',
    phone: '5215512345678',
    roleId: 4,
    password: 'Segura123',
    spaceIds: [1, 2],
    adminOfIds: [7],
    locationId: 5 as number | null,
    categoryIds: [11, 12],
    workingHours: week(),
    photo: null,
    removePhoto: false,
  };

  it('sends the 02 §5 agent form data on create', () => {
    const form = teamUserFormData(null, payload);
    expect(form.get('id')).toBeNull();
    expect(form.get('name')).toBe('Laura Gómez');
    expect(form.get('rolId')).toBe('4');
    expect(form.get('password')).toBe('Segura123');
    expect(JSON.parse(form.get('spacesIds') as string)).toEqual([1, 2]);
    expect(JSON.parse(form.get('isAdminOfIds') as string)).toEqual([7]);
    expect(form.get('locationId')).toBe('5');
    expect(JSON.parse(form.get('categoriesIds') as string)).toEqual([11, 12]);
    expect(JSON.parse(form.get('userWorkingHours') as string).timezone).toBe('America/Bogota');
    expect(form.get('file')).toBeNull();
  });

  it('keeps the password out of an edit that leaves it empty, and asks to drop the photo', () => {
    const form = teamUserFormData(9, { ...payload, password: '', removePhoto: true });
    expect(form.get('id')).toBe('9');
    expect(form.has('password')).toBe(false);
    expect(form.get('removeImage')).toBe('true');
    // No location: sent empty, which clears it.
    expect(teamUserFormData(9, { ...payload, locationId: null }).get('locationId')).toBe('');
    const withPhoto = teamUserFormData(9, {
      ...payload,
      removePhoto: true,
      photo: new File(['x'], 'foto.png', { type: 'image/png' }),
    });
    expect(withPhoto.has('removeImage')).toBe(false);
    expect((withPhoto.get('file') as File).name).toBe('foto.png');
  });
});

describe('form helpers', () => {
  it('shows the administered people for group admins and admins only', () => {
    expect(administersOthers('groupadmin')).toBe(true);
    expect(administersOthers('admin')).toBe(true);
    expect(administersOthers('agente')).toBe(false);
    expect(administersOthers(undefined)).toBe(false);
  });

  it('offers half hours and Latin American zones with the company one', () => {
    expect(TIME_OPTIONS).toHaveLength(48);
    expect(TIME_OPTIONS[19]).toBe('09:30');
    const zones = timeZoneOptions('Asia/Tokyo');
    expect(zones).toContain('America/Bogota');
    expect(zones).toContain('Europe/Madrid');
    expect(zones).toContain('Asia/Tokyo');
  });

  it('fills a stored schedule to the seven days in order', () => {
    const stored: WorkingHours = {
      timezone: 'America/Lima',
      isActive: true,
      days: [{ day: 'friday', isActive: true, start: '08:00', end: '12:00' }],
    };
    const hours = editableHours(stored, defaultWorkingHours('America/Lima'));
    expect(hours.days.map((d) => d.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(hours.days[4]).toEqual({ day: 'friday', isActive: true, start: '08:00', end: '12:00' });
    expect(editableHours(null, week())).toEqual(week());
  });
});
