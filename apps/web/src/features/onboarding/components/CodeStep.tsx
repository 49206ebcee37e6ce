import { VERIFICATION_CODE_LENGTH, VERIFICATION_RESEND_SECONDS, validateVerificationCode } from '@crm/shared';
import { Alert, Button, Form, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { resolveError } from '../../../lib/errors';
import { CodeInput, emptyCode } from '../../auth/components/CodeInput';
import { sendEmailCode, verifyEmailCode } from '../api/onboarding.rest';
import { useResendCountdown } from '../hooks/useResendCountdown';
import { useStepSave } from '../hooks/useStepSave';
import { onboardingErrorText } from '../onboardingErrors';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

const NO_FIELDS = {} as const;

// A code asked for less than 60 s ago is still the good one (a reload, or Regresar and back): not an error here.
const isResendTooSoon = (failure: unknown) => resolveError(failure).code === 'EMAIL_CODE_RESEND_TOO_SOON';

// 01 §2.4 / §5 code: six characters, uppercased, sent to the e-mail; a new one after 60 s.
export function CodeStep({ record, advance, back }: StepProps) {
  const [code, setCode] = useState(() => emptyCode(VERIFICATION_CODE_LENGTH));
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const countdown = useResendCountdown(VERIFICATION_RESEND_SECONDS);
  const { submitting, error, run } = useStepSave(null, NO_FIELDS);
  const sentTo = useRef<string | null>(null);

  // The code is mailed when the step opens (once per e-mail, also under React's double effects in development).
  useEffect(() => {
    if (sentTo.current === record.email) return;
    sentTo.current = record.email;
    sendEmailCode(record.email).catch((failure: unknown) => {
      if (!isResendTooSoon(failure)) setSendError(onboardingErrorText(failure));
    });
  }, [record.email]);

  const resend = async () => {
    setResending(true);
    setSendError(null);
    setNotice(null);
    try {
      await sendEmailCode(record.email);
      countdown.restart();
      setCode(emptyCode(VERIFICATION_CODE_LENGTH));
      setCodeError(null);
      setNotice('Te enviamos un código nuevo a tu correo.');
    } catch (failure) {
      setSendError(onboardingErrorText(failure));
    } finally {
      setResending(false);
    }
  };

  const submit = (typed: string) => {
    const problem = validateVerificationCode(typed);
    setCodeError(problem);
    if (problem) return;
    void run(async () => {
      try {
        await verifyEmailCode(record.email, typed.toUpperCase());
      } catch (failure) {
        // A wrong or expired code: the server's text goes under the boxes.
        if (ApiError.is(failure) && failure.status >= 400 && failure.status < 500 && failure.field) {
          setCodeError(failure.userMessage);
          return;
        }
        throw failure;
      }
      await advance({});
    });
  };

  return (
    <Form layout="vertical" size="large" onFinish={() => submit(code.join(''))}>
      <Typography.Paragraph className="onboarding-code-hint">
        Lo enviamos a <strong>{record.email}</strong>.
      </Typography.Paragraph>
      <Form.Item
        validateStatus={codeError ? 'error' : undefined}
        help={codeError ? <span data-testid="code-error">{codeError}</span> : undefined}
      >
        <CodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            setCodeError(null);
          }}
          onComplete={submit}
          disabled={submitting}
          invalid={codeError !== null}
          autoFocus
        />
      </Form.Item>
      <div className="onboarding-resend">
        <Button
          type="link"
          onClick={() => void resend()}
          disabled={countdown.secondsLeft > 0 || submitting}
          loading={resending}
          data-testid="resend-code"
        >
          {countdown.secondsLeft > 0 ? `Reenviar código en ${countdown.secondsLeft} s` : 'Reenviar código'}
        </Button>
      </div>
      {notice ? <Alert type="success" showIcon title={notice} className="onboarding-alert" /> : null}
      <StepActions onBack={back} submitting={submitting} error={error ?? sendError} />
    </Form>
  );
}
