import { useCallback, useEffect, useState } from 'react';

export interface ResendCountdown {
  /** Whole seconds until a new code may be asked for; 0 when it may. */
  secondsLeft: number;
  /** Starts the wait again (a code was just sent). */
  restart: () => void;
}

/** 01 §5 / §9: a new e-mail code may be asked for 60 s after the last one. */
export function useResendCountdown(seconds: number): ResendCountdown {
  const [availableAt, setAvailableAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (availableAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= availableAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [availableAt]);

  const restart = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setAvailableAt(current + seconds * 1000);
  }, [seconds]);

  return { secondsLeft: Math.max(0, Math.ceil((availableAt - now) / 1000)), restart };
}
