import { useMutation } from '@apollo/client/react';
import { Button, Result } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { getToken, setToken } from '../../../lib/storage';
import { FullPageLoader } from '../../layout/components/FullPageLoader';
import { CREATE_ONBOARDING_MUTATION } from '../api/onboarding.graphql';
import {
  fetchOnboarding,
  type OnboardingData,
  type OnboardingRecord,
  registerFromOnboarding,
  saveOnboarding,
} from '../api/onboarding.rest';
import { readEnvironment } from '../environment';
import { onboardingErrorText } from '../onboardingErrors';
import {
  forgetOnboardingId,
  forgetReferralCode,
  getStoredOnboardingId,
  getStoredReferralCode,
  storeOnboardingId,
} from '../onboardingStorage';
import { type FlowStep, isFlowStep, nextFlowStep, onboardingPath, previousFlowStep } from '../steps';
import { BusinessStep } from './BusinessStep';
import { CategoryStep } from './CategoryStep';
import { CodeStep } from './CodeStep';
import { EmailStep } from './EmailStep';
import { NameStep } from './NameStep';
import { PasswordStep } from './PasswordStep';
import { PhoneStep } from './PhoneStep';
import { StepLayout } from './StepLayout';
import type { StepProps } from './stepTypes';
import { WebsiteStep } from './WebsiteStep';
import { WelcomeStep } from './WelcomeStep';
import '../onboarding.css';

interface WelcomeState {
  finished?: boolean;
}

// The device, connection and location feed the lead score (01 §9); they are best effort, so a failure to measure or
// to store them never stops the sign-up.
function recordEnvironment(id: string): void {
  void readEnvironment()
    .then((environment) => {
      const referralCode = getStoredReferralCode();
      return saveOnboarding(id, { ...environment, ...(referralCode ? { referralCode } : {}) });
    })
    .catch(() => undefined);
}

/**
 * Issue 19 onboarding (01 §2.4): one route, one step per screen. The record's id lives in the URL (?id=) and in local
 * storage, so a closed tab continues at the record's stored step; every step saves through POST /api/onboarding/set.
 */
export function OnboardingFlow({ step }: { step: string | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const urlId = search.get('id');
  const id = urlId ?? getStoredOnboardingId();
  const [createRecord] = useMutation(CREATE_ONBOARDING_MUTATION);
  const [record, setRecord] = useState<OnboardingRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const routeRef = useRef({ step, urlId });
  routeRef.current = { step, urlId };

  const loaded = record !== null && record.id === id;

  // Opening a record by id resumes it: the screen of its stored step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Reintentar button's way to run it again.
  useEffect(() => {
    if (!id || loaded) return;
    let cancelled = false;
    setLoadError(null);
    fetchOnboarding(id)
      .then((answer) => {
        if (cancelled) return;
        if (answer.finished) {
          forgetOnboardingId();
          navigate(onboardingPath('welcome'), { replace: true, state: { finished: true } });
          return;
        }
        storeOnboardingId(answer.id);
        setRecord(answer);
        const target = isFlowStep(answer.step) ? answer.step : 'name';
        const current = routeRef.current;
        if (target !== current.step || current.urlId !== answer.id) {
          navigate(onboardingPath(target, answer.id), { replace: true });
        }
        // A referral link opened after the sign-up had started still counts.
        const referralCode = getStoredReferralCode();
        if (referralCode && !answer.referralCode) {
          saveOnboarding(answer.id, { referralCode })
            .then((saved) => setRecord(saved))
            .catch(() => undefined);
        }
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        if (ApiError.is(failure) && failure.status === 404) {
          // An unknown or expired id: start again.
          forgetOnboardingId();
          navigate(onboardingPath('name'), { replace: true });
          return;
        }
        setLoadError(onboardingErrorText(failure));
      });
    return () => {
      cancelled = true;
    };
  }, [id, loaded, navigate, attempt]);

  const start = useCallback(
    async (email: string, name: string) => {
      const { data } = await createRecord({ variables: { email } });
      const created = data?.createOnboardingInProcess;
      if (!created) throw new Error('createOnboardingInProcess answered no record');
      recordEnvironment(created.id);
      // The e-mail's unfinished sign-up is answered as it was: it continues at its step with the new name.
      const resumeAt = isFlowStep(created.step) && created.step !== 'name' ? created.step : null;
      const saved = await saveOnboarding(
        created.id,
        resumeAt ? { name } : { name, step: 'phone', prevStep: 'name' },
      );
      // Stored with the saved record in one render: stored earlier, a render in between saw an id without its record
      // and read it while the save ran, then took the read's older step ('name') back from the phone step.
      storeOnboardingId(created.id);
      setRecord(saved);
      navigate(onboardingPath(resumeAt ?? 'phone', created.id));
    },
    [createRecord, navigate],
  );

  const register = useCallback(
    async (password: string) => {
      if (!record) return;
      const { token } = await registerFromOnboarding({
        email: record.email,
        password,
        onboardingId: record.id,
      });
      // Signed in as LoginPage does it: the token in storage is the session every later call sends.
      setToken(token);
      forgetOnboardingId();
      forgetReferralCode();
      navigate(onboardingPath('welcome'), { replace: true });
    },
    [record, navigate],
  );

  if (!isFlowStep(step)) return <Navigate to={onboardingPath('name', id)} replace />;

  if (step === 'welcome') {
    const signedIn = getToken() !== null;
    const finished = (location.state as WelcomeState | null)?.finished === true;
    if (signedIn || finished) {
      return (
        <StepLayout step="welcome">
          <WelcomeStep signedIn={signedIn} />
        </StepLayout>
      );
    }
  }

  if (!id) {
    if (step !== 'name') return <Navigate to={onboardingPath('name')} replace />;
    return (
      <StepLayout step="name">
        <NameStep record={null} start={start} advance={async () => undefined} />
      </StepLayout>
    );
  }

  if (loadError) {
    return (
      <Result
        status="warning"
        title={loadError}
        extra={
          <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
            Reintentar
          </Button>
        }
      />
    );
  }
  if (!loaded || record === null) return <FullPageLoader tip="Cargando tu registro…" />;

  const current: FlowStep = step;
  const next = nextFlowStep(current);
  const previous = previousFlowStep(current);

  const advance = async (data: OnboardingData) => {
    if (!next) return;
    const saved = await saveOnboarding(record.id, { ...data, step: next, prevStep: current });
    setRecord(saved);
    navigate(onboardingPath(next, record.id));
  };

  const back = previous
    ? () => {
        navigate(onboardingPath(previous, record.id));
        // Stored so a reload opens the screen the visitor went back to; the next Continuar stores it anyway.
        saveOnboarding(record.id, { step: previous, prevStep: current })
          .then((saved) => setRecord(saved))
          .catch(() => undefined);
      }
    : null;

  const props: StepProps = { record, advance, back };
  return (
    <StepLayout step={current}>
      {current === 'name' ? <NameStep record={record} start={start} advance={advance} /> : null}
      {current === 'phone' ? <PhoneStep {...props} /> : null}
      {current === 'code' ? <CodeStep {...props} /> : null}
      {current === 'business' ? <BusinessStep {...props} /> : null}
      {current === 'website' ? <WebsiteStep {...props} /> : null}
      {current === 'businessCategory' ? <CategoryStep {...props} /> : null}
      {current === 'email' ? <EmailStep {...props} /> : null}
      {current === 'password' ? <PasswordStep back={back} register={register} /> : null}
      {current === 'welcome' ? <WelcomeStep signedIn={false} /> : null}
    </StepLayout>
  );
}
