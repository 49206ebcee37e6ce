// Sign-in, sign-up and password reset: the API's answers about their fields, and the e-mails it sends.

export const AUTH_MESSAGES = {
  passwordTooLong: 'Contraseña demasiado larga',
  pushTokenInvalid: 'Token de notificaciones inválido',
  planInvalid: 'Plan inválido',
  nameTooLong: 'El nombre es demasiado largo',
  companyNameTooLong: 'El nombre de la compañía es demasiado largo',
  categoryInvalid: 'Categoría inválida',
  websiteInvalid: 'Sitio web inválido',
} as const;

export interface EmailText {
  subject: string;
  text: string;
  html: string;
}

/** The user's own text inside an HTML e-mail, inert. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sign-up e-mail carrying the verification code. */
export function verificationCodeEmail(code: string, ttlMinutes: number): EmailText {
  return {
    subject: 'Tu código de verificación',
    text: `Tu código de verificación es ${code}. Vence en ${ttlMinutes} minutos.`,
    html: `<p>Tu código de verificación es <strong>${code}</strong>.</p><p>Vence en ${ttlMinutes} minutos.</p>`,
  };
}

/** The password-reset e-mail; the link is used once and expires. */
export function passwordResetEmail(name: string, link: string, ttlMinutes: number): EmailText {
  const rest = `El enlace vence en ${ttlMinutes} minutos y solo se puede usar una vez. Si no lo pediste, ignora este correo.`;
  return {
    subject: 'Restablece tu contraseña',
    text: `Hola ${name}, para crear una nueva contraseña abre este enlace: ${link}\n${rest}`,
    html: `<p>Hola ${escapeHtml(name)},</p><p>Para crear una nueva contraseña abre este enlace:</p><p><a href="${link}">${link}</a></p><p>${rest}</p>`,
  };
}
