import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, gql, registerCompany, startTestApp, type TestApp, uniqueIp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // The product defaults (5 per account, 30 per IP in 15 min), with a smaller IP ceiling to keep the test short.
  t = await startTestApp({ RATE_LIMIT_ACCOUNT_MAX: '5', RATE_LIMIT_IP_MAX: '12' });
});
afterAll(async () => {
  await t.close();
});

function attempt(email: string, password: string, ip: string, otp?: string) {
  return t.http
    .post('/api/loginDash')
    .set('X-Forwarded-For', ip)
    .send({ email, password, ...(otp ? { otp } : {}) });
}

describe('sign-in rate limits', () => {
  it('refuses an account after a burst of wrong passwords, even with the right one, from any address', async () => {
    const { email, password } = await registerCompany(t, 'burst');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(email, `Mala${i}xxxx`, uniqueIp())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const right = await attempt(email, password, uniqueIp());
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(right.body.userMessage).toMatch(/Demasiados intentos/);
    expect(right.body.token).toBeUndefined();
  });

  it('never lets a parallel burst through: at most the limit is ever checked', async () => {
    const { email, password } = await registerCompany(t, 'parallel');
    const guesses = Array.from({ length: 20 }, (_, i) =>
      attempt(email, i === 19 ? password : `Mala${i}yyyy`, uniqueIp()),
    );
    const results = await Promise.all(guesses);
    const checked = results.filter((r) => r.status === 401 || r.status === 200).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('refuses one address that sprays wrong passwords over many accounts', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push((await attempt(`victima${i}@spray.test`, 'Mala12345', ip)).status);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
    // The demo admin, from that address, is refused too; from another address it works.
    expect((await attempt('admin@demo.local', DEMO_PASSWORD, ip)).status).toBe(429);
    expect((await attempt('admin@demo.local', DEMO_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it('counts wrong two-factor codes too: guessing codes ends in 429', async () => {
    const owner = await registerCompany(t, 'otpguess');
    await gql(t, owner.token, 'mutation { updateTwoFactorPolicy(enabled: true) { id } }');
    const bind = await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: owner.email, password: owner.password });
    const secret = new URL(bind.body.factor.binding.uri).searchParams.get('secret') ?? '';
    const good = await generate({ secret });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wrong = String((Number(good) + 1 + i) % 1_000_000).padStart(6, '0');
      statuses.push((await attempt(owner.email, owner.password, uniqueIp(), wrong)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    expect((await attempt(owner.email, owner.password, uniqueIp(), good)).status).toBe(429);
  });

  it('limits password-reset requests per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await t.http
            .post('/api/sendResetPasswordEmail')
            .set('X-Forwarded-For', uniqueIp())
            .send({ email: 'agente@demo.local' })
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
