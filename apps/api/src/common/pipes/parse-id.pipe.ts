import { type PipeTransform } from '@nestjs/common';
import { AppException } from '../errors/app.exception';
import { parseId } from '../id-list';

/** A route parameter that must be an id: digits within the id columns' range, else a 400 on `field`. */
export class ParseIdPipe implements PipeTransform<string, number> {
  constructor(
    private readonly field: string,
    private readonly message: string,
  ) {}

  transform(value: string): number {
    const id = parseId(value, this.field, this.message);
    if (id === undefined) throw AppException.validation(this.field, this.message);
    return id;
  }
}
