import { stripAccents } from './search';

// Issue 19: a time zone is shown to people as a Spanish place and its offset ('Ciudad de México (GMT-6)'), never as
// its IANA id; the id stays the stored value. The offset comes from Intl at the given instant, so summer time
// shows as it is that day.

/** Spanish names of the zones a Spanish-speaking company is likely to use; others are named from their id. */
const TIME_ZONE_PLACES: Readonly<Record<string, string>> = {
  'America/Mexico_City': 'Ciudad de México',
  'America/Cancun': 'Cancún',
  'America/Merida': 'Mérida',
  'America/Monterrey': 'Monterrey',
  'America/Matamoros': 'Matamoros',
  'America/Chihuahua': 'Chihuahua',
  'America/Ciudad_Juarez': 'Ciudad Juárez',
  'America/Ojinaga': 'Ojinaga',
  'America/Mazatlan': 'Mazatlán',
  'America/Bahia_Banderas': 'Bahía de Banderas',
  'America/Hermosillo': 'Hermosillo',
  'America/Tijuana': 'Tijuana',
  'America/Bogota': 'Bogotá',
  'America/Lima': 'Lima',
  'America/Santiago': 'Santiago de Chile',
  'America/Argentina/Buenos_Aires': 'Buenos Aires',
  'America/Buenos_Aires': 'Buenos Aires',
  'America/Caracas': 'Caracas',
  'America/Guatemala': 'Guatemala',
  'America/El_Salvador': 'San Salvador',
  'America/Tegucigalpa': 'Tegucigalpa',
  'America/Managua': 'Managua',
  'America/Costa_Rica': 'San José de Costa Rica',
  'America/Panama': 'Panamá',
  'America/Havana': 'La Habana',
  'America/Santo_Domingo': 'Santo Domingo',
  'America/Puerto_Rico': 'San Juan de Puerto Rico',
  'America/Guayaquil': 'Guayaquil',
  'America/La_Paz': 'La Paz',
  'America/Asuncion': 'Asunción',
  'America/Montevideo': 'Montevideo',
  'America/Sao_Paulo': 'São Paulo',
  'America/New_York': 'Nueva York',
  'America/Chicago': 'Chicago',
  'America/Denver': 'Denver',
  'America/Phoenix': 'Phoenix',
  'America/Los_Angeles': 'Los Ángeles',
  'Europe/Madrid': 'Madrid',
  'Atlantic/Canary': 'Canarias',
  UTC: 'Tiempo universal coordinado',
};

/** The zone's offset from GMT at that instant, as 'GMT-6', 'GMT+5:30' or 'GMT'; '' for a zone Intl does not know. */
export function timeZoneOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(
      at,
    );
    const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    // ICU builds differ on a zero offset ('GMT' or 'GMT+0'); one spelling everywhere.
    return offset === 'GMT+0' || offset === 'UTC' ? 'GMT' : offset;
  } catch {
    return '';
  }
}

/** The place a zone is named after: the Spanish name when known, else the id's last part ('Asia/Ho_Chi_Minh' → 'Ho Chi Minh'). */
export function timeZonePlace(timeZone: string): string {
  return TIME_ZONE_PLACES[timeZone] ?? timeZone.split('/').at(-1)?.replace(/_/g, ' ') ?? timeZone;
}

/** 'America/Mexico_City' → 'Ciudad de México (GMT-6)': how every screen shows a time zone. */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset = timeZoneOffset(timeZone, at);
  const place = timeZonePlace(timeZone);
  return offset ? `${place} (${offset})` : place;
}

/**
 * A time zone as a select option: the label shown, the id stored, and the text a search matches (the label with
 * and without accents, and the id), so 'Bogota' finds 'Bogotá (GMT-5)'.
 */
export function timeZoneOption(
  timeZone: string,
  at: Date = new Date(),
): {
  value: string;
  label: string;
  search: string;
} {
  const label = timeZoneLabel(timeZone, at);
  return { value: timeZone, label, search: `${label} ${stripAccents(label)} ${timeZone}` };
}
