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
  unsupported: 'Mensaje no compatible',
};

export function messagePreview(type: string, content: string): string {
  const text = content.trim();
  if (type === 'text' || type === 'interactive' || type === 'button') return text;
  const label = LABELS[type] ?? 'Mensaje';
  return text ? `${label}: ${text}` : label;
}
