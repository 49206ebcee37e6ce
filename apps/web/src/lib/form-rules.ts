import type { RuleObject } from 'antd/es/form';

type Validator = (value: string) => string | null;

// Turns a shared validator (Spanish message or null) into an antd form rule, so the web shows
// exactly the texts the API would answer with.
export function ruleFrom(validator: Validator): RuleObject {
  return {
    validator: (_rule, value: unknown) => {
      const problem = validator(typeof value === 'string' ? value : '');
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
