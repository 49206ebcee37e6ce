import { useEffect, useState } from 'react';

// Milliseconds left of `durationMs`, counted from the first render, updated every second.
export function useCountdown(durationMs: number): number {
  const [deadline] = useState(() => Date.now() + durationMs);
  const [remaining, setRemaining] = useState(durationMs);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, deadline - Date.now()));
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return remaining;
}
