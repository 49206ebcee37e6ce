import { CompanyStatus } from '@crm/shared';
import { registerCompany, type TestApp } from './helpers';
import type { testSql } from './sql';

// What both billing suites (sandbox and Stripe) need: a fresh company in a given status, its billing columns,
// and signed-in calls. `app` is read at call time (the suites start their app in beforeAll).

export interface BillingCompany {
  token: string;
  companyId: number;
}

export function billingKit(app: () => TestApp, db: ReturnType<typeof testSql>, label: string) {
  const post = (path: string, token: string, body: object = {}) =>
    app().http.post(path).set('Authorization', `Bearer ${token}`).send(body);
  const get = (path: string, token: string) => app().http.get(path).set('Authorization', `Bearer ${token}`);

  async function newCompany(
    status: CompanyStatus = CompanyStatus.AWAITING_FIRST_PAYMENT,
  ): Promise<BillingCompany> {
    const { email, token } = await registerCompany(app(), label);
    const [{ companyId }] = await db.query(`SELECT "companyId" FROM users WHERE email = $1`, [email]);
    await db.query(`UPDATE companies SET status = $1 WHERE id = $2`, [status, companyId]);
    return { token, companyId: companyId as number };
  }

  async function companyRow(companyId: number) {
    const [row] = await db.query(
      `SELECT status, plan, "paymentIntents", "expirationDate", "usersLimit", "conversationsLimit", "paymentMethod"
         FROM companies WHERE id = $1`,
      [companyId],
    );
    return row;
  }

  return { post, get, newCompany, companyRow };
}
