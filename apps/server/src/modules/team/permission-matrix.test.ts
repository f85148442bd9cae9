import { PERMISSIONS, type Permission, ROLE_PERMISSIONS, ROLES, type Role } from '@erp/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeclaredRoute, declaredRoutes, registerAccessControl } from '../../http/access.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { as, inviteAndJoin } from './team.test-support.ts';

/**
 * The intended matrix, written out (issue 9): owner and admin hold everything; planner documents,
 * production and cutting (and master data, partners, export); warehouse inventory, purchasing
 * (receipts) and delivery notes (and export); viewer reads. permissions.ts must say the same.
 */
const EXPECTED: Record<Role, Permission[]> = {
  owner: [...PERMISSIONS],
  admin: [...PERMISSIONS],
  planner: [
    'company.read',
    'master.write',
    'partners.write',
    'documents.write',
    'production.write',
    'cutting.write',
    'export.run',
  ],
  warehouse: ['company.read', 'inventory.write', 'purchasing.write', 'delivery.write', 'export.run'],
  viewer: ['company.read'],
};

const NIL = '00000000-0000-0000-0000-000000000000';
const PERMISSION_SET = new Set<string>(PERMISSIONS);
const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, NIL);

describe('permission matrix: every company route × every role', () => {
  let t: TestApp;
  let founder: SignedIn;
  const members = new Map<Role, SignedIn>();
  let routes: DeclaredRoute[];

  const jobsBefore = process.env.JOBS;
  beforeAll(async () => {
    // Allowed requests queue background jobs (POST /api/demo fills the company): a running job
    // would write audit rows while a later refused request is checked for writes.
    process.env.JOBS = 'off';
    t = await startTestApp();
    founder = await signUp(t.app, 'Matrica Vlasnik');
    members.set('owner', founder);
    for (const role of ROLES.filter((r) => r !== 'owner'))
      members.set(role, await inviteAndJoin(t.app, founder, role));
    routes = declaredRoutes(t.app).filter((r) => r.method !== 'HEAD');
  });
  afterAll(async () => {
    await t.close();
    if (jobsBefore === undefined) delete process.env.JOBS;
    else process.env.JOBS = jobsBefore;
  });

  const auditHead = async () =>
    Number(
      (await t.deps.database.session((q) => q('select coalesce(max(id), 0)::int as n from audit_log')))[0]?.n,
    );

  /** A request that passed the access check may have changed the member's own membership (leaving): put it back. */
  const restoreMember = async (role: Role) => {
    const m = members.get(role);
    if (!m || m === founder) return;
    await t.deps.database.session((q) =>
      q(
        `insert into memberships (company_id, user_id, role) values ($1, $2, $3)
         on conflict (company_id, user_id) do update set role = excluded.role, status = 'active'`,
        [founder.id, m.id, role],
      ),
    );
  };

  it('the roles hold exactly the intended permissions', () => {
    for (const role of ROLES) expect([...ROLE_PERMISSIONS[role]].sort()).toEqual([...EXPECTED[role]].sort());
  });

  it('the route table is complete: every documented /api route declared its access, team routes included', () => {
    const declared = new Set(routes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`));
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.filter((d) => !declared.has(d))).toEqual([]);
    const team = routes.filter((r) => r.url.startsWith('/api/team') || r.url === '/api/company');
    expect(team.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual(
      expect.arrayContaining([
        'GET /api/company company.read',
        'PATCH /api/company company.manage',
        'POST /api/team/invitations members.manage',
        'PATCH /api/team/members/:userId members.manage',
      ]),
    );
    expect(routes.filter((r) => PERMISSION_SET.has(r.access)).length).toBeGreaterThanOrEqual(10);
  });

  it('a role without the permission gets 403 before anything is written; a role with it passes the check', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const permission = PERMISSION_SET.has(route.access) ? (route.access as Permission) : null;
      if (!permission && route.access !== 'platform') continue;
      for (const role of ROLES) {
        const user = members.get(role) as SignedIn;
        const allowed = permission !== null && EXPECTED[role].includes(permission);
        const before = await auditHead();
        const method = route.method as 'GET';
        const body = method === 'GET' || method === 'DELETE' ? undefined : allowed ? [] : {};
        const res = await as(t.app, user, {
          method,
          url: fill(route.url),
          payload: body,
          company: founder.id,
        });
        const label = `${role} ${route.method} ${route.url} (${route.access}) → ${res.statusCode}`;
        checked++;
        if (allowed) {
          if (res.statusCode === 403 || res.statusCode === 401)
            problems.push(`${label}: refused but allowed`);
          if (route.method !== 'GET') await restoreMember(role);
        } else {
          if (res.statusCode !== 403 || res.json().error.code !== 'FORBIDDEN')
            problems.push(`${label}: expected 403 FORBIDDEN`);
          if ((await auditHead()) !== before) problems.push(`${label}: wrote before refusing`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    console.info(`permission matrix: ${checked} route × role checks`);
    // Every area's routes enter the matrix, so it grows with the product: allow it the time.
  }, 300_000);

  it('a refused request is refused whatever its body, even one that would not validate', async () => {
    const viewer = members.get('viewer') as SignedIn;
    const res = await as(t.app, viewer, {
      method: 'PATCH',
      url: '/api/company',
      company: founder.id,
      payload: { company_name: 5 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a member of another company gets 403 on every company route of this one', async () => {
    const stranger = await signUp(t.app, 'Stranac');
    const problems: string[] = [];
    for (const route of routes.filter((r) => PERMISSION_SET.has(r.access))) {
      const res = await as(t.app, stranger, {
        method: route.method as 'GET',
        url: fill(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        company: founder.id,
      });
      if (res.statusCode !== 403) problems.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
    // One request per company route (about 250): like the matrix above, it grows with the product.
  }, 120_000);

  it('an endpoint that declares no access stops the server at start-up', async () => {
    const app = Fastify();
    registerAccessControl(app, t.deps);
    const start = async () => {
      await app.register(async (plugin) => {
        plugin.get('/api/unguarded', async () => 'x');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/unguarded declares no access/);
  });
});
