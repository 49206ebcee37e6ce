// Authenticated request overhead: GraphQL `me` through the whole product (Nest, guards, session check, Apollo)
// against a ceiling measured in the same run — a bare Node HTTP server on the same PostgreSQL doing only the
// unavoidable work: verify the JWT, read the session, read the user with role and permissions, answer JSON.
import { createServer } from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { load, median } from './lib.mjs';

export async function authOverhead({ product, databaseUrl, total = 3000, concurrency = 16 }) {
  const login = await fetch(`${product.baseUrl}/api/loginDash`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'Demo12345' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error('bench login failed');

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const bare = createServer(async (req, res) => {
    try {
      const claims = jwt.verify(req.headers.authorization.slice(7), product.config.jwtSecret, {
        algorithms: ['HS256'],
      });
      const session = await pool.query(
        'SELECT id FROM sessions WHERE id = $1 AND "userId" = $2 AND "revokedAt" IS NULL AND "expiresAt" > now()',
        [claims.sid, Number(claims.sub)],
      );
      if (session.rowCount !== 1) throw new Error('no session');
      const user = await pool.query(
        `SELECT u.id, u.name, u.email, r.name AS role, array_agg(p.name) AS permissions
         FROM users u JOIN roles r ON r.id = u."roleId" JOIN role_permissions rp ON rp."roleId" = r.id
         JOIN permissions p ON p.id = rp."permissionId" WHERE u.id = $1 GROUP BY u.id, r.name`,
        [Number(claims.sub)],
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { me: user.rows[0] } }));
    } catch {
      res.writeHead(401).end();
    }
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}/graphql`;

  const query = JSON.stringify({ query: '{ me { id name email rol { name } permissions } }' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const sendTo = (url) => async () => {
    const r = await fetch(url, { method: 'POST', headers, body: query });
    const body = await r.json().catch(() => null);
    return r.status === 200 && body?.data?.me?.id !== undefined;
  };

  // Warm both up, then alternate short rounds so that neither side gets a quieter machine; medians win.
  await load({ total: 200, concurrency, send: sendTo(`${product.baseUrl}/graphql`) });
  await load({ total: 200, concurrency, send: sendTo(bareUrl) });
  const rounds = { product: [], ceiling: [] };
  for (let i = 0; i < 5; i++) {
    rounds.ceiling.push(await load({ total: total / 5, concurrency, send: sendTo(bareUrl) }));
    rounds.product.push(
      await load({ total: total / 5, concurrency, send: sendTo(`${product.baseUrl}/graphql`) }),
    );
  }
  const ceiling = median(rounds.ceiling);
  const measured = median(rounds.product);
  bare.close();
  await pool.end();
  return { name: 'authenticated GraphQL me', measured, ceiling, ratio: measured.rps / ceiling.rps };
}
