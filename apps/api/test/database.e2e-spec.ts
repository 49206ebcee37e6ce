import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { startTestApp, type TestApp } from './helpers';
import { testSql } from './sql';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('database', () => {
  it('creates the demo data once and never duplicates it', async () => {
    expect(await t.app.get(DemoSeedService).seedIfEmpty()).toBe(false);
    const ds = testSql();
    const demo = await ds.query(`SELECT count(*)::int AS n FROM companies WHERE name IN ('Demo', 'Otra')`);
    expect(demo[0].n).toBe(2);
    const users = await ds.query(`SELECT email FROM users WHERE email LIKE '%@demo.local' ORDER BY email`);
    expect(users.map((u: { email: string }) => u.email)).toEqual([
      'admin@demo.local',
      'agente@demo.local',
      'groupadmin@demo.local',
      'superadmin@demo.local',
    ]);
    // The default roles, once each (other suites running at the same time add roles of their own to Demo).
    const roles = await ds.query(
      `SELECT r.name, count(DISTINCT r.id)::int AS n, bool_or(p.name = 'readChat') AS "hasReadChat" FROM roles r
       JOIN role_permissions rp ON rp."roleId" = r.id JOIN permissions p ON p.id = rp."permissionId"
       JOIN companies c ON c.id = r."companyId"
       WHERE c.name = 'Demo' AND r.name IN ('admin', 'agente', 'groupadmin', 'superadmin')
       GROUP BY r.name ORDER BY r.name`,
    );
    expect(roles).toEqual([
      { name: 'admin', n: 1, hasReadChat: true },
      { name: 'agente', n: 1, hasReadChat: true },
      { name: 'groupadmin', n: 1, hasReadChat: true },
      { name: 'superadmin', n: 1, hasReadChat: true },
    ]);
    const hashes = await ds.query(`SELECT "passwordHash" FROM users WHERE email = 'admin@demo.local'`);
    expect(hashes[0].passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("gives the demo surveys' options ids of their own, as POST /survey/options expects (02 §7)", async () => {
    // Other suites edit the demo's surveys (this file may run after them): what must hold is that no option id is
    // shared between two surveys, so it is checked over every survey that still has options.
    const rows: Array<{ survey: number; id: number }> = await testSql().query(
      `SELECT s.id AS survey, (o->>'id')::int AS id FROM survey_configs s
       JOIN companies c ON c.id = s."companyId" CROSS JOIN jsonb_array_elements(s.options) o
       WHERE c.name = 'Demo'`,
    );
    expect(new Set(rows.map((row) => row.survey)).size).toBeGreaterThanOrEqual(2);
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
