import { VALIDATION_MESSAGES } from '@crm/shared';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

export const REQUIRED_MESSAGE = VALIDATION_MESSAGES.required;

function messageFor(rule: (value: string) => string | null, value: unknown): string | null {
  if (typeof value !== 'string') return rule('') ?? REQUIRED_MESSAGE;
  return rule(value);
}

/**
 * Binds a Spanish form rule from @crm/shared (returns a message or null) to a DTO property, so the API and the
 * web client enforce the same rule with the same words.
 */
export function Rule(rule: (value: string) => string | null, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: `rule_${rule.name}`,
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        ...options,
        message: (args: ValidationArguments) => messageFor(rule, args.value) ?? REQUIRED_MESSAGE,
      },
      validator: {
        validate: (value: unknown): boolean => messageFor(rule, value) === null,
      },
    });
  };
}
