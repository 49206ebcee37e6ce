import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useCallback, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { onboardingErrorText } from '../onboardingErrors';

export interface StepSave {
  submitting: boolean;
  /** A failure no field of the form owns, in Spanish. */
  error: string | null;
  run: (action: () => Promise<void>) => Promise<void>;
}

/**
 * Runs a step's save: a refusal the server pins on a field (400 with `field` and `userMessage`) shows under that
 * field of the form; anything else shows above the buttons. `fields` maps the server's field names to the form's.
 */
export function useStepSave<F>(
  form: FormInstance<F> | null,
  fields: Readonly<Record<string, keyof F & string>>,
): StepSave {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (action: () => Promise<void>) => {
      setSubmitting(true);
      setError(null);
      try {
        await action();
      } catch (failure) {
        const { field, userMessage } = resolveError(failure);
        const target = field ? fields[field] : undefined;
        if (form && target) form.setFields([{ name: target as NamePath<F>, errors: [userMessage] }]);
        else setError(onboardingErrorText(failure));
      } finally {
        setSubmitting(false);
      }
    },
    [form, fields],
  );

  return { submitting, error, run };
}
