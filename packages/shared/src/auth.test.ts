import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordResetEmail, verificationCodeEmail } from './auth';

describe('escapeHtml', () => {
  it('makes markup inert', () => {
    expect(escapeHtml(`<b>"Ana" & 'Luis'</b>`)).toBe(
      '&#60;b&#62;&#34;Ana&#34; &#38; &#39;Luis&#39;&#60;/b&#62;',
    );
  });
});

describe('verificationCodeEmail', () => {
  it('carries the code and how long it lasts', () => {
    const mail = verificationCodeEmail('A1B2C3', 15);
    expect(mail.subject).toBe('Tu código de verificación');
    expect(mail.text).toBe('Tu código de verificación es A1B2C3. Vence en 15 minutos.');
    expect(mail.html).toContain('<strong>A1B2C3</strong>');
  });
});

describe('passwordResetEmail', () => {
  it('greets by name, links once, and escapes the name in HTML only', () => {
    const mail = passwordResetEmail('Ana <Admin>', 'https://app.test/changePassword?token=t', 30);
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toBe(
      'Hola Ana <Admin>, para crear una nueva contraseña abre este enlace: https://app.test/changePassword?token=t\nEl enlace vence en 30 minutos y solo se puede usar una vez. Si no lo pediste, ignora este correo.',
    );
    expect(mail.html).toContain('<p>Hola Ana &#60;Admin&#62;,</p>');
    expect(mail.html).toContain('<a href="https://app.test/changePassword?token=t">');
    expect(mail.html).not.toContain('<Admin>');
  });
});
