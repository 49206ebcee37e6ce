const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/**
 * 01 §2.5: linking is desktop only (the provider's signup opens pop-ups and the phone itself is needed to receive
 * the code). A phone or tablet browser says so in its user agent.
 */
export function isMobileDevice(userAgent: string = navigator.userAgent): boolean {
  return MOBILE_AGENT.test(userAgent);
}
