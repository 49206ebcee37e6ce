import type { OnboardingData } from './api/onboarding.rest';

type Environment = Pick<OnboardingData, 'device' | 'connSpeedMBps' | 'location' | 'country'>;

interface NetworkInformationLike {
  downlink?: number;
}

// A phone-sized screen or a mobile browser (01 §3 device: mobile or desktop).
export function detectDevice(): 'mobile' | 'desktop' {
  const narrow = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
  const mobileAgent = /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
  return narrow || mobileAgent ? 'mobile' : 'desktop';
}

// The asset timed when the browser does not report its bandwidth: the app's own icon, so no external service.
const PROBE_URL = '/favicon.svg';
const PROBE_TIMEOUT_MS = 3000;

/** Megabits per second: the browser's estimate when it gives one, else one small timed download (null if it fails). */
export async function measureConnectionSpeed(): Promise<number | null> {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (typeof connection?.downlink === 'number' && Number.isFinite(connection.downlink)) {
    return connection.downlink;
  }
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const started = performance.now();
    const response = await fetch(`${PROBE_URL}?probe=${Date.now()}`, {
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) return null;
    const bytes = (await response.arrayBuffer()).byteLength;
    const seconds = Math.max((performance.now() - started) / 1000, 0.001);
    return Math.round(((bytes * 8) / seconds / 1_000_000) * 100) / 100;
  } catch {
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

/** The browser's time zone as the location, and the country of its language ('es-MX' → 'MX') when it names one. */
export function detectLocation(): Pick<Environment, 'location' | 'country'> {
  const location = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(navigator.language)?.[1];
  return {
    ...(location ? { location } : {}),
    ...(region ? { country: region.toUpperCase() } : {}),
  };
}

/** What the record keeps about the visitor's device, connection and location (01 §3, for the 01 §9 lead score). */
export async function readEnvironment(): Promise<Environment> {
  const speed = await measureConnectionSpeed();
  return {
    device: detectDevice(),
    ...(speed === null ? {} : { connSpeedMBps: speed }),
    ...detectLocation(),
  };
}
