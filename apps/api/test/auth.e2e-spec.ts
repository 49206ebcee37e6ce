import { PERMISSION_NAMES, userMessageFor } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  gql,
  login,
  outboxFor,
  registerCompany,
  startTestApp,
  type TestApp,
  uniqueIp,
  verifyEmail,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ME =
  '{ me { id email rol { name } permissions company { id name status expirationDate paymentIntents paymentMethod isBoardsActive hasUsed2FA } spaces { id name isDefault } selectedSpaceId } }';

describe('POST /api/loginDash', () => {
  it('signs the demo admin in and the token reads the user through GraphQL me', async () => {
    const token = await login(t, 'admin@demo.local');
    const res = await gql<{
      me: {
        email: string;
        rol: { name: string };
        permissions: Record<string, boolean>;
        company: { name: string; status: string; paymentIntents: number };
        spaces: Array<{ isDefault: boolean }>;
      };
    }>(t, token, ME);
    expect(res.errors).toBeUndefined();
    expect(res.data?.me.email).toBe('admin@demo.local');
    expect(res.data?.me.rol.name).toBe('admin');
    expect(res.data?.me.permissions.readChat).toBe(true);
    // 01 §3 User: a map from every permission name (01 §6) to a boolean.
    expect(Object.keys(res.data?.me.permissions ?? {}).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(
      Object.values(res.data?.me.permissions ?? {}).every((granted) => typeof granted === 'boolean'),
    ).toBe(true);
    expect(res.data?.me.company).toMatchObject({ name: 'Demo', status: 'ACTIVE' });
    // 01 §3 Company: every field the web reads for routing and the payment banner.
    expect(Object.keys(res.data?.me.company ?? {}).sort()).toEqual(
      [
        'expirationDate',
        'hasUsed2FA',
        'id',
        'isBoardsActive',
        'name',
        'paymentIntents',
        'paymentMethod',
        'status',
      ].sort(),
    );
    expect(typeof res.data?.me.company.paymentIntents).toBe('number');
    expect(res.data?.me.spaces.some((s) => s.isDefault)).toBe(true);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const token = await login(t, '  Agente@Demo.Local ');
    const res = await gql<{ me: { rol: { name: string } } }>(t, token, ME);
    expect(res.data?.me.rol.name).toBe('agente');
  });

  it('refuses a wrong password with INVALID_CREDENTIALS and a Spanish message', async () => {
    const res = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: 'groupadmin@demo.local', password: 'otra-cosa1' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      userMessage: 'Correo o contraseña incorrectos.',
    });
    expect(res.body.token).toBeUndefined();
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const res = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: 'nadie@demo.local', password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('names the field of a bad input with 400 and a Spanish userMessage', async () => {
    const missing = await t.http.post('/api/loginDash').send({ password: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
      userMessage: 'Correo obligatorio',
    });
    const invalid = await t.http.post('/api/loginDash').send({ email: 'no-es-correo', password: 'x' });
    expect(invalid.body).toMatchObject({ field: 'email', userMessage: 'Correo invalido' });
    const noPassword = await t.http.post('/api/loginDash').send({ email: 'admin@demo.local' });
    expect(noPassword.body).toMatchObject({ field: 'password', userMessage: 'Contraseña obligatoria' });
    const wrongType = await t.http
      .post('/api/loginDash')
      .send({ email: 'admin@demo.local', password: 12345678 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.field).toBe('password');
  });

  it('answers malformed JSON and a non-object body with 400, never 500', async () => {
    const malformed = await t.http
      .post('/api/loginDash')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'body' });
    const array = await t.http.post('/api/loginDash').send([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/getUserByEmail', () => {
  it('tells whether the account signs in with two-factor, without revealing unknown accounts', async () => {
    expect((await t.http.post('/api/getUserByEmail').send({ email: 'admin@demo.local' })).body).toEqual({
      hasUsed2FA: false,
    });
    expect((await t.http.post('/api/getUserByEmail').send({ email: 'nadie@x.com' })).body).toEqual({
      hasUsed2FA: false,
    });
    const bad = await t.http.post('/api/getUserByEmail').send({ email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
  });
});

describe('POST /api/verifyToken and /api/logout', () => {
  it('validates a live token and refuses it once the session is logged out', async () => {
    const token = await login(t, 'superadmin@demo.local');
    const ok = await t.http.post('/api/verifyToken').send({ token });
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);

    const out = await t.http.post('/api/logout').set('Authorization', `Bearer ${token}`).send({});
    expect(out.status).toBe(200);

    const after = await t.http.post('/api/verifyToken').send({ token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    const me = await gql(t, token, ME);
    expect(me.errors?.[0].extensions.code).toBe('INVALID_TOKEN');
    const rest = await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${token}`);
    expect(rest.status).toBe(401);
    expect(rest.body.code).toBe('UNAUTHORIZED');
  });

  it('takes the token from the body as 01 §7 sends it ({token, session}), without a bearer header', async () => {
    const token = await login(t, 'superadmin@demo.local');
    const out = await t.http.post('/api/logout').send({ token, session: { device: 'web' } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect((await t.http.post('/api/verifyToken').send({ token })).status).toBe(401);
    // The ended session's token in the body is refused like any dead token.
    const again = await t.http.post('/api/logout').send({ token });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('UNAUTHORIZED');
    expect((await t.http.post('/api/logout').send({ token: 'garbage' })).status).toBe(401);
  });

  it('refuses a forged or garbage token', async () => {
    const token = await login(t, 'admin@demo.local');
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await t.http.post('/api/verifyToken').send({ token: forged })).status).toBe(401);
    expect((await t.http.post('/api/verifyToken').send({ token: 'garbage' })).status).toBe(401);
    expect((await t.http.post('/api/logout').send({})).status).toBe(401);
  });
});

describe('password reset', () => {
  it('sends a one-time link that sets a new password, ends old sessions and cannot be used twice', async () => {
    const { email, token: oldToken } = await registerCompany(t, 'reset');
    const res = await t.http
      .post('/api/sendResetPasswordEmail')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email });
    expect(res.body).toEqual({ sent: true });
    const [mail] = await outboxFor(t, email).then((m) =>
      m.filter((x) => x.subject === 'Restablece tu contraseña'),
    );
    const resetToken = decodeURIComponent(/token=([^\s"<]+)/.exec(mail.text)?.[1] ?? '');
    expect(resetToken.length).toBeGreaterThan(20);

    const weak = await t.http.post('/api/resetPassword').send({ token: resetToken, password: 'corta' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      field: 'password',
      userMessage: 'la contraseña debe contener al menos 8 caracteres',
    });

    const done = await t.http.post('/api/resetPassword').send({ token: resetToken, password: 'NuevaClave9' });
    expect(done.body).toEqual({ ok: true });
    expect((await t.http.post('/api/verifyToken').send({ token: oldToken })).status).toBe(401);
    await login(t, email, 'NuevaClave9');

    const again = await t.http
      .post('/api/resetPassword')
      .send({ token: resetToken, password: 'OtraClave99' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('RESET_TOKEN_INVALID');
    await login(t, email, 'NuevaClave9');
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const res = await t.http
      .post('/api/sendResetPasswordEmail')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: 'fantasma@x.com' });
    expect(res.body).toEqual({ sent: true });
    expect(await outboxFor(t, 'fantasma@x.com')).toHaveLength(0);
  });

  it('refuses an invented token', async () => {
    const res = await t.http
      .post('/api/resetPassword')
      .send({ token: 'inventado-123456789012345', password: 'NuevaClave9' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('RESET_TOKEN_INVALID');
  });
});

describe('registration', () => {
  it('sends a 6-character uppercase code, refuses a resend within 60 s, and registers a company once verified', async () => {
    const email = `registro${Date.now()}@example.com`;
    const sent = await t.http
      .post('/api/emailVerification')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email });
    expect(sent.body).toEqual({ sent: true, resendAfterSeconds: 60 });
    const [mail] = await outboxFor(t, email);
    const code = /\b([A-Z0-9]{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const resend = await t.http
      .post('/api/emailVerification')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email });
    expect(resend.status).toBe(429);
    expect(resend.body.code).toBe('EMAIL_CODE_RESEND_TOO_SOON');

    const early = await t.http.post('/api/register').send({
      name: 'Luis Pérez',
      email,
      password: 'Segura123',
      phone: '5215511112222',
      businessName: `Tienda ${email}`,
    });
    expect(early.status).toBe(404);
    expect(early.body.code).toBe('EMAIL_VERIFICATION_NOT_FOUND');

    const wrong = await t.http
      .post('/api/verify')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email, code: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' });
    expect(wrong.body.code).toBe('EMAIL_VERIFICATION_NOT_FOUND');
    const short = await t.http.post('/api/verify').send({ email, code: 'AB1' });
    expect(short.body).toMatchObject({ field: 'code', userMessage: 'El código debe tener 6 dígitos' });

    const ok = await t.http
      .post('/api/verify')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email, code: code.toLowerCase() });
    expect(ok.body).toEqual({ verified: true });

    const reg = await t.http.post('/api/register').send({
      name: 'Luis Pérez',
      email,
      password: 'Segura123',
      phone: '5215511112222',
      businessName: `Tienda ${email}`,
    });
    expect(reg.status).toBe(200);
    const me = await gql<{ me: { rol: { name: string }; company: { status: string } } }>(
      t,
      reg.body.token,
      ME,
    );
    expect(me.data?.me.rol.name).toBe('superadmin');
    expect(me.data?.me.company.status).toBe('TRIAL');

    const dup = await t.http
      .post('/api/emailVerification')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('EMAIL_ALREADY_USED');

    // 01 §8: a company name already taken is refused, naming the field, and creates nothing.
    const other = `otro${email}`;
    await verifyEmail(t, other);
    const registerOther = (businessName: string) =>
      t.http.post('/api/register').send({
        name: 'Otra Persona',
        email: other,
        password: 'Segura123',
        phone: '5215511113333',
        businessName,
      });
    const taken = await registerOther(` Tienda ${email} `);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'COMPANY_ALREADY_EXISTS',
      field: 'businessName',
      userMessage: userMessageFor('COMPANY_ALREADY_EXISTS'),
    });
    expect((await t.http.post('/api/loginDash').send({ email: other, password: 'Segura123' })).status).toBe(
      401,
    );
    // Nothing was used up: the same verified e-mail registers under a free name.
    const free = await registerOther(`Otra ${email}`);
    expect(free.status).toBe(200);
  });

  it('refuses a weak password and a name with special characters, naming the field', async () => {
    const base = { email: 'x@example.com', phone: '5215511112222', businessName: 'Algo' };
    const weak = await t.http.post('/api/register').send({ ...base, name: 'Ana', password: 'sinnumeros' });
    expect(weak.body.field).toBe('password');
    const name = await t.http
      .post('/api/register')
      .send({ ...base, name: 'Ana<script>', password: 'Segura123' });
    expect(name.body).toMatchObject({
      field: 'name',
      userMessage: 'No puede contener caracteres especiales',
    });
    // 01 §5: the literal texts of the sign-up fields.
    const refusals: Array<[Record<string, string>, string, string]> = [
      [{ password: '' }, 'password', 'Contraseña obligatoria'],
      [{ password: 'abc1234' }, 'password', 'la contraseña debe contener al menos 8 caracteres'],
      [{ name: '' }, 'name', 'Nombre obligatorio'],
      [{ email: '' }, 'email', 'Correo obligatorio'],
      [{ email: 'no-es-correo' }, 'email', 'Correo invalido'],
      [{ phone: '' }, 'phone', 'Teléfono obligatorio'],
      [{ phone: '55abc12345' }, 'phone', 'Solo puede contener números'],
      [{ businessName: '' }, 'businessName', 'Compañia obligatoria'],
      [{ businessCategory: 'naves espaciales' }, 'businessCategory', 'Categoría inválida'],
    ];
    for (const [change, field, userMessage] of refusals) {
      const res = await t.http
        .post('/api/register')
        .send({ ...base, name: 'Ana', password: 'Segura123', ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toMatchObject({ field, userMessage });
    }
  });
});
