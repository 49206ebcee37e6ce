/** What the Messenger sync answers, for the whole sync or for one Page of it. */
export const MESSENGER_SYNC_MESSAGES = {
  tokenRefused: 'El token de Facebook no es válido o expiró. Vuelve a iniciar sesión con Facebook.',
  pageOfOtherCompany: 'La página ya está vinculada a otra empresa.',
  expiryIsMessengerOnly: 'Solo los canales de Messenger tienen fecha de vencimiento.',
  pageTokenExpired:
    'La conexión de la página con Facebook expiró. Vuelve a sincronizar tus páginas de Messenger.',
  noMessagingPermission: 'No tienes permiso para administrar los mensajes de esta página.',
  facebookDown: 'Facebook no respondió al conectar la página; vuelve a intentarlo.',
  facebookRefused: (reason: string) => `Facebook no permitió conectar la página: ${reason}`,
} as const;

/** A Messenger channel the company already has, keyed by its Page id. */
export interface KnownPage {
  channelId: number;
  pageId: string;
  isActive: boolean;
}

/** A Page the provider returned for the signed-in Facebook user. */
export interface ReturnedPage {
  pageId: string;
}

export interface MessengerSyncPlan<P extends ReturnedPage> {
  /** Known Pages still returned: activated (if needed) and subscribed again, with their fresh Page token. */
  refresh: Array<{ channelId: number; page: P }>;
  /** Known Pages no longer returned: deactivated. */
  deactivate: number[];
  /** Pages never seen: created active in the default space, subscribed, with an expiration date. */
  create: P[];
}

/**
 * 02 §4 Messenger channel sync: known pages still returned are activated and subscribed; known pages no longer
 * returned are deactivated; new pages are created. A Page listed twice by the provider counts once.
 */
export function planMessengerSync<P extends ReturnedPage>(
  known: readonly KnownPage[],
  returned: readonly P[],
): MessengerSyncPlan<P> {
  const byPage = new Map(known.map((k) => [k.pageId, k]));
  const seen = new Set<string>();
  const plan: MessengerSyncPlan<P> = { refresh: [], deactivate: [], create: [] };
  for (const page of returned) {
    if (seen.has(page.pageId)) continue;
    seen.add(page.pageId);
    const channel = byPage.get(page.pageId);
    if (channel) plan.refresh.push({ channelId: channel.channelId, page });
    else plan.create.push(page);
  }
  for (const channel of known) {
    if (!seen.has(channel.pageId) && channel.isActive) plan.deactivate.push(channel.channelId);
  }
  return plan;
}
