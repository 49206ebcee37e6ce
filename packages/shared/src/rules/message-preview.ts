/** The one-line text of a message shown in the conversation list (last message) and in quotes. */
const LABELS: Record<string, string> = {
  image: '📷 Imagen',
  video: '🎥 Video',
  audio: '🎤 Audio',
  document: '📄 Documento',
  sticker: 'Sticker',
  location: '📍 Ubicación',
  contacts: '👤 Contacto',
  reaction: 'Reaccionó',
  template: 'Plantilla',
  order: '🛒 Pedido',
  link: '🔗 Enlace',
  system: 'Aviso del sistema',
  unsupported: 'Mensaje no compatible',
};

// Shown by their label alone: their text is not a line a list can show (a Flow's answers, a raw payload).
const LABEL_ONLY: Record<string, string> = {
  flow_reply: 'Formulario respondido',
  unsupported: 'Mensaje no compatible',
};

export function messagePreview(type: string, content: string | null | undefined): string {
  // Providers leave parts out (a postback without a title): a missing text previews as an empty one.
  const text = typeof content === 'string' ? content.trim() : '';
  // Own keys only: a type named like an Object.prototype member ('constructor') is just an unknown type.
  if (Object.hasOwn(LABEL_ONLY, type)) return LABEL_ONLY[type] as string;
  if (type === 'text' || type === 'interactive' || type === 'button') return text;
  // A system notice is its own Spanish line.
  if (type === 'system') return text || (LABELS.system as string);
  const label = (Object.hasOwn(LABELS, type) ? LABELS[type] : undefined) ?? 'Mensaje';
  return text ? `${label}: ${text}` : label;
}
