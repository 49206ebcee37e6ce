import {
  INPUT_MESSAGES,
  type TeamUserDraftError,
  validateWorkingHours,
  WEEKDAYS,
  type Weekday,
  type WorkingHours,
} from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';
import { parseIdList } from '../../common/id-list';

/**
 * The team form's multipart fields, read one by one so that each error names its field (02 §5 user form). Pure
 * functions: no database, no storage.
 */

export function text(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw AppException.validation(field, INPUT_MESSAGES.invalidValue);
  return raw;
}

/** A list of ids from the form; undefined when the field is absent (an edit keeps the current list). */
export function idList(raw: unknown, field: string): number[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return parseIdList(raw, field, INPUT_MESSAGES.invalidList);
}

/** Digits only, as the form sends them; '' clears it. */
export function phoneOf(raw: unknown): string | null {
  const value = text(raw, 'phone')?.trim() ?? '';
  return value === '' ? null : value;
}

/** Whether two id lists hold the same ids, whatever their order or repetitions. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

const TIME_SHAPE = /^\d{2}:\d{2}$/;

/** userWorkingHours: {timezone, isActive, days: [{day, isActive, start, end}]} as JSON text or object. */
export function workingHoursOf(raw: unknown): WorkingHours | undefined {
  const field = 'userWorkingHours';
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw AppException.validation(field, INPUT_MESSAGES.invalidSchedule);
    }
  }
  const invalid = () => AppException.validation(field, INPUT_MESSAGES.invalidSchedule);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const { timezone, isActive, days } = value as Record<string, unknown>;
  const flag = (v: unknown) => v === true || v === 'true';
  if (typeof timezone !== 'string' || !Array.isArray(days)) throw invalid();
  const parsedDays = days.map((entry) => {
    if (typeof entry !== 'object' || entry === null) throw invalid();
    const d = entry as Record<string, unknown>;
    if (typeof d.day !== 'string' || !(WEEKDAYS as readonly string[]).includes(d.day)) throw invalid();
    const start = typeof d.start === 'string' && TIME_SHAPE.test(d.start) ? d.start : '';
    const end = typeof d.end === 'string' && TIME_SHAPE.test(d.end) ? d.end : '';
    return { day: d.day as Weekday, isActive: flag(d.isActive), start, end };
  });
  const hours: WorkingHours = { timezone: timezone.trim(), isActive: flag(isActive), days: parsedDays };
  const error = validateWorkingHours(hours);
  if (error) {
    throw new AppException('VALIDATION_ERROR', {
      field,
      fields: { [`${field}.${error.field}`]: error.message },
      userMessage: error.message,
    });
  }
  // Stored in weekday order whatever order they came in.
  hours.days.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
  return hours;
}

export function draftError(error: TeamUserDraftError): AppException {
  if (error.code === 'VALIDATION_ERROR') return AppException.validation(error.field, error.message);
  return new AppException(error.code, { field: error.field });
}
