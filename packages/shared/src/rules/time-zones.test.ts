import { describe, expect, it } from 'vitest';
import { roleLabel } from '../roles';
import { timeZoneLabel, timeZoneOffset, timeZoneOption, timeZonePlace } from './time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('timeZoneLabel (issue 19: human Spanish labels)', () => {
  it('names the zone in Spanish with its offset that day', () => {
    expect(timeZoneLabel('America/Mexico_City', WINTER)).toBe('Ciudad de México (GMT-6)');
    expect(timeZoneLabel('America/Mexico_City', SUMMER)).toBe('Ciudad de México (GMT-6)');
    expect(timeZoneLabel('Europe/Madrid', WINTER)).toBe('Madrid (GMT+1)');
    expect(timeZoneLabel('Europe/Madrid', SUMMER)).toBe('Madrid (GMT+2)');
    expect(timeZoneLabel('America/Bogota', WINTER)).toBe('Bogotá (GMT-5)');
    expect(timeZoneLabel('UTC', WINTER)).toBe('Tiempo universal coordinado (GMT)');
  });

  it('names other zones after their id’s place, and keeps an unknown id readable', () => {
    expect(timeZonePlace('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh');
    expect(timeZoneLabel('Asia/Kolkata', WINTER)).toBe('Kolkata (GMT+5:30)');
    expect(timeZoneOffset('Nowhere/Atlantis')).toBe('');
    expect(timeZoneLabel('Nowhere/Atlantis')).toBe('Atlantis');
  });
});

describe('roleLabel (issue 19)', () => {
  it('shows the default roles in Spanish and custom roles as stored', () => {
    expect(roleLabel('admin')).toBe('Administrador');
    expect(roleLabel('superadmin')).toBe('Superadministrador');
    expect(roleLabel('groupadmin')).toBe('Administrador de grupo');
    expect(roleLabel('agente')).toBe('Agente');
    expect(roleLabel('agent')).toBe('Agente');
    expect(roleLabel('Community Manager')).toBe('Community Manager');
    expect(roleLabel(null)).toBe('Sin rol');
  });
});

describe('timeZoneOption', () => {
  it('stores the id, shows the label, and is found with or without accents or by its id', () => {
    const option = timeZoneOption('America/Bogota', WINTER);
    expect(option.value).toBe('America/Bogota');
    expect(option.label).toBe('Bogotá (GMT-5)');
    for (const typed of ['Bogotá', 'Bogota', 'America/Bogota']) expect(option.search).toContain(typed);
  });
});
