import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_DB_ID } from '../id-list';

/** A positive id that fits the id columns (a larger one would fail in PostgreSQL as a 500); failures read `message`. */
export function IsId(message: string, options: { each?: boolean } = {}): PropertyDecorator {
  const each = options.each === true;
  return applyDecorators(
    IsInt({ message, each }),
    Min(1, { message, each }),
    Max(MAX_DB_ID, { message, each }),
  );
}
