import { INPUT_MESSAGES } from '@crm/shared';
import { applyDecorators } from '@nestjs/common';
import { Field, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from './id.decorator';

// Optional input fields with one set of rules and messages wherever they appear (a switch; the template of a bot
// message that is a text or an accepted template: welcome message, follow-up bot); each input keeps its own GraphQL
// description.

/** An optional GraphQL Boolean; a non-boolean is refused as an invalid value. */
export function OptionalBooleanField(description?: string): PropertyDecorator {
  return applyDecorators(
    Field(() => Boolean, { nullable: true, description }),
    IsOptional(),
    IsBoolean({ message: INPUT_MESSAGES.invalidValue }),
  );
}

/** An optional template id (which channel's and whether accepted is the service's check). */
export function OptionalTemplateIdField(description: string): PropertyDecorator {
  return applyDecorators(
    Field(() => Int, { nullable: true, description }),
    IsOptional(),
    IsId(INPUT_MESSAGES.invalidTemplate),
  );
}

/** Optional template variable values: at most 20 texts of up to 1024 characters (as many as the template has is the service's check). */
export function OptionalTemplateVariablesField(description: string): PropertyDecorator {
  return applyDecorators(
    Field(() => [String], { nullable: true, description }),
    IsOptional(),
    IsArray({ message: INPUT_MESSAGES.invalidList }),
    ArrayMaxSize(20, { message: INPUT_MESSAGES.invalidList }),
    IsString({ each: true, message: INPUT_MESSAGES.invalidText }),
    MaxLength(1024, { each: true, message: INPUT_MESSAGES.invalidText }),
  );
}
