const CHAT_ID_SUFFIX = /@[cg]\.us$/i;

// Strips the WhatsApp chat-id suffix (02 §3: @c.us for a person, @g.us for a group).
export function stripChatIdSuffix(senderId: string): string {
  return senderId.trim().replace(CHAT_ID_SUFFIX, '');
}

// 02 §5: digits only; Mexican numbers get the mobile 1 after 52, Argentine ones the 9 after 54.
export function normalizePhone(raw: string): string {
  const digits = stripChatIdSuffix(raw).replace(/\D/g, '');
  if (digits.startsWith('52') && digits[2] !== '1') return `521${digits.slice(2)}`;
  if (digits.startsWith('54') && digits[2] !== '9') return `549${digits.slice(2)}`;
  return digits;
}

// 01 §2.5 / 02 §5: numbers starting with 521 show as +52 followed by the rest; others as + and the number.
export function displayPhone(phone: string): string {
  const number = stripChatIdSuffix(phone).replace(/^\+/, '');
  if (number === '') return '';
  if (number.startsWith('521')) return `+52${number.slice(3)}`;
  return `+${number}`;
}
