import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, registerCompany, startTestApp, type TestApp, uniqueIp } from './helpers';
import { testSql } from './sql';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ENABLE = 'mutation($e: Boolean!) { updateTwoFactorPolicy(enabled: $e) { id hasUsed2FA } }';

function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

describe('TOTP two-factor sign-in', () => {
  it('walks the whole flow: policy on, QR binding, wrong code, right code, no replay, verified factor', async () => {
    const owner = await registerCompany(t, 'totp');
    const enabled = await gql<{ updateTwoFactorPolicy: { hasUsed2FA: boolean } }>(t, owner.token, ENABLE, {
      e: true,
    });
    expect(enabled.errors).toBeUndefined();
    expect(enabled.data?.updateTwoFactorPolicy.hasUsed2FA).toBe(true);

    expect((await t.http.post('/api/getUserByEmail').send({ email: owner.email })).body).toEqual({
      hasUsed2FA: true,
    });

    const ip = uniqueIp();
    const noCode = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password });
    expect(noCode.status).toBe(401);
    expect(noCode.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(noCode.body.token).toBeUndefined();

    const badCreds = await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: 'Mala12345' });
    expect(badCreds.status).toBe(401);

    const first = await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password });
    expect(first.status).toBe(200);
    expect(first.body.factor.status).toBe('unverified');
    const uri: string = first.body.factor.binding.uri;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain('issuer=Charla');
    const secret = secretOf(uri);
    const again = await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password });
    expect(secretOf(again.body.factor.binding.uri)).toBe(secret);

    // Stored sealed, never in clear.
    const ds = testSql();
    const [row] = await ds.query('SELECT "twoFactorSecret" FROM users WHERE email = $1', [owner.email]);
    expect(row.twoFactorSecret).not.toContain(secret);
    expect(row.twoFactorSecret.startsWith('v1.')).toBe(true);

    const code = await generate({ secret });
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password, otp: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'ERROR_CHECKING_CODE',
      userMessage: 'El código es incorrecto, por favor intenta de nuevo.',
    });

    const ok = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password, otp: code });
    expect(ok.status).toBe(200);
    const me = await gql<{ me: { email: string; twoFactorEnabled: boolean } }>(
      t,
      ok.body.token,
      '{ me { email twoFactorEnabled } }',
    );
    expect(me.data?.me).toEqual({ email: owner.email, twoFactorEnabled: true });

    const replay = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password, otp: code });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('ERROR_CHECKING_CODE');

    const verified = await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password });
    expect(verified.body.factor).toEqual({ status: 'verified' });

    // The next time step's code is accepted (clock drift of one step), once.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const later = await t.http
      .post('/api/loginDash')
      .set('X-Forwarded-For', ip)
      .send({ email: owner.email, password: owner.password, otp: next });
    expect(later.status).toBe(200);
  });

  it('refuses codes that are not six digits without a server error', async () => {
    const owner = await registerCompany(t, 'totpbad');
    await gql(t, owner.token, ENABLE, { e: true });
    await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: owner.email, password: owner.password });
    for (const otp of ['abc', '12345', '1234567', '      ']) {
      const res = await t.http
        .post('/api/loginDash')
        .set('X-Forwarded-For', uniqueIp())
        .send({ email: owner.email, password: owner.password, otp });
      expect(res.status).toBeLessThan(500);
      expect(res.body.token).toBeUndefined();
    }
  });

  it('lets only a user with writeCompany change the policy', async () => {
    const agent = await login(t, 'agente@demo.local');
    const res = await gql(t, agent, ENABLE, { e: true });
    expect(res.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const admin = await login(t, 'admin@demo.local');
    const me = await gql<{ me: { company: { hasUsed2FA: boolean } } }>(
      t,
      admin,
      '{ me { company { hasUsed2FA } } }',
    );
    expect(me.data?.me.company.hasUsed2FA).toBe(false);
  });
});
