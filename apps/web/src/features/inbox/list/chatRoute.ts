/** A conversation id from /chat/{chatId}: a positive integer; anything else names no conversation. */
export function parseChatId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
