// @vitest-environment node
// Every staff route as registered, with every method Fastify accepts, as every role: a method is
// allowed exactly as its route's entry in ./access.ts says (HEAD as the route's GET); a method
// the route does not have answers without running any handler (404); and no request, allowed or
// not, writes the staff index with a role the caller does not hold.
import { beforeAll, expect, it } from 'vitest';
import { roleOf, type StaffRole } from '#contracts/roles';
import { useAdminApp } from '../test/console-kit.js';
import { createUser, setEmulatorClaims, signInUser, storeCases, type TestUser } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { accessOf, notYoursMessage, staffOnlyMessage } from './access.js';

const someId = '00000000-0000-4000-8000-000000000000';
// A concrete URL for a registered route: every parameter filled with something that names nothing.
const concrete = (route: string) =>
  route
    .replace(':index', '1')
    .replace(':uid', 'nobody-at-all')
    .replace(/:[A-Za-z]+/g, someId);

// PGlite alone: the decisions are the server's, not the store's.
describeEach(storeCases().slice(0, 1))('route permissions on $name', { timeout: 300_000 }, (store) => {
  const ctx = useAdminApp(store);
  const users: Record<StaffRole | 'traveller', TestUser> = {} as never;

  const withRole = async (role: StaffRole) => {
    const user = await createUser(`walk-${role}`);
    await setEmulatorClaims(user.uid, { role });
    return { ...user, idToken: await signInUser(user.email) };
  };

  beforeAll(async () => {
    users.traveller = ctx.traveller;
    [users.owner, users.operator, users.guide] = await Promise.all([
      withRole('owner'),
      withRole('operator'),
      withRole('guide'),
    ]);
  }, 60_000);

  it('walks every staff route x every method x every role', async () => {
    const registered = ctx.app.apiRoutes.filter((r) => /^\S+ \/api\/(admin|guide)\//.test(r));
    expect(registered.length).toBeGreaterThan(30);
    const methodsAt = new Map<string, Set<string>>();
    for (const r of registered) {
      const [method, route] = r.split(' ') as [string, string];
      const set = methodsAt.get(route) ?? new Set<string>();
      set.add(method);
      methodsAt.set(route, set);
    }
    // The route the router picks for a concrete URL and method: the registered pattern that
    // matches it with the most fixed characters (find-my-way prefers static segments), as
    // "/api/admin/packages/order" for PUT but "/api/admin/packages/:id" for DELETE.
    const pattern = (route: string) =>
      new RegExp(`^${route.replace(/\./g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    const routeFor = (method: string, url: string) =>
      [...methodsAt]
        .filter(
          ([route, methods]) => methods.has(method === 'HEAD' ? 'GET' : method) && pattern(route).test(url),
        )
        .map(([route]) => route)
        .sort((a, b) => b.replace(/:[A-Za-z]+/g, '').length - a.replace(/:[A-Za-z]+/g, '').length)[0];
    const failures: string[] = [];
    let requests = 0;
    for (const route of methodsAt.keys()) {
      const url = concrete(route);
      for (const method of ctx.app.supportedMethods) {
        const matched = routeFor(method, url);
        for (const who of ['nobody', 'traveller', 'guide', 'operator', 'owner'] as const) {
          const user = who === 'nobody' ? null : users[who];
          const res = await ctx.app.inject({
            method: method as 'GET',
            url,
            headers: user ? { authorization: `Bearer ${user.idToken}` } : {},
          });
          requests++;
          const at = `${method} ${url} as ${who}: ${res.statusCode}`;
          if (!matched) {
            // No route has this method here: no handler ran, and certainly nothing succeeded.
            if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${at} (no such route)`);
            continue;
          }
          // HEAD is answered by the GET route (Fastify adds it): judged as that GET.
          const access = accessOf(method === 'HEAD' ? 'GET' : method, matched);
          const role = user ? roleOf(who === 'traveller' ? undefined : who) : null;
          if (!user) {
            if (res.statusCode !== 401) failures.push(`${at} (401 expected)`);
          } else if (!role || !access.roles.includes(role)) {
            if (res.statusCode !== 403) failures.push(`${at} (403 expected)`);
            else if (method !== 'HEAD' && res.json().message !== staffOnlyMessage)
              failures.push(`${at} message`);
          } else if (role === 'guide' && access.guideScope) {
            // Allowed by role, but the id names no departure of theirs.
            if (res.statusCode !== 403 || (method !== 'HEAD' && res.json().message !== notYoursMessage))
              failures.push(`${at} (not theirs: 403 expected)`);
          } else if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
            failures.push(`${at} (allowed: refused or failed)`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    // The index holds nobody with a role their claim does not give them.
    const { rows } = await ctx.db.query<{ uid: string; role: string }>('SELECT uid, role FROM staff');
    const claimed = new Map(
      (['owner', 'operator', 'guide'] as const).map((r) => [users[r].uid, r] as [string, StaffRole]),
    );
    claimed.set(ctx.operator.uid, 'owner');
    for (const row of rows) expect(row.role, row.uid).toBe(claimed.get(row.uid));
  });

  it('an operator’s HEAD of the owners’ team list is refused like its GET, and writes nothing', async () => {
    const before = (await ctx.db.query('SELECT uid, role FROM staff ORDER BY uid')).rows;
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/admin/staff',
        headers: { authorization: `Bearer ${users.operator.idToken}` },
      });
      expect(res.statusCode, method).toBe(403);
    }
    const after = (await ctx.db.query('SELECT uid, role FROM staff ORDER BY uid')).rows;
    expect(after).toEqual(before);
    expect(after).not.toContainEqual({ uid: users.operator.uid, role: 'owner' });
  });
});
