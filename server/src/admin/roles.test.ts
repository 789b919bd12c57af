// @vitest-environment node
// Every staff route (/api/admin/*, /api/guide/*) as Fastify registered it, tried with every role:
// a route added tomorrow is in this table without anyone writing it down. What each role may do
// comes from ./access.ts; the test checks the server holds to it, and that a guide reaches only
// the departures assigned to them.
import { beforeAll, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { storeCases, createUser, setEmulatorClaims, signInUser, type TestUser } from '../test/fixtures.js';
import { useAdminApp, type AdminTestContext } from '../test/console-kit.js';
import { accessOf, notYoursMessage, staffOnlyMessage } from './access.js';
import type { StaffRole } from '#contracts/roles';

type Caller = 'traveller' | 'owner' | 'legacy admin' | 'operator' | 'guide';
const roleOfCaller: Record<Caller, StaffRole | null> = {
  traveller: null,
  owner: 'owner',
  'legacy admin': 'owner',
  operator: 'operator',
  guide: 'guide',
};

async function staffUser(name: string, claim: string): Promise<TestUser> {
  const user = await createUser(name);
  await setEmulatorClaims(user.uid, { role: claim });
  return { ...user, idToken: await signInUser(user.email) };
}

describeEach(storeCases())('roles on every staff route on $name', { timeout: 120_000 }, (store) => {
  const ctx: AdminTestContext = useAdminApp(store);
  const users = {} as Record<Caller, TestUser>;
  const ids = { mine: '', other: '', myBooking: '', otherBooking: '' };
  let routes: string[] = [];

  // Set-up, not a test: a guide assigned to one departure (through the API, as an owner would),
  // a booking on it and one on another departure.
  beforeAll(async () => {
    const [owner, legacy, operator] = await Promise.all([
      staffUser('owner', 'owner'),
      staffUser('legacy', 'admin'),
      staffUser('operator', 'operator'),
    ]);
    const guide = await createUser('guide');
    Object.assign(users, { traveller: ctx.traveller, owner, 'legacy admin': legacy, operator });
    const put = await ctx.call(owner, 'PUT', '/api/admin/staff', { email: guide.email, role: 'guide' });
    expect(put.statusCode, put.body).toBe(200);
    users.guide = { ...guide, idToken: await signInUser(guide.email) };
    ids.mine = await ctx.addDeparture();
    ids.other = await ctx.addDeparture();
    const patch = await ctx.call(operator, 'PATCH', `/api/admin/departures/${ids.mine}`, {
      guides: [guide.uid],
    });
    expect(patch.statusCode, patch.body).toBe(200);
    ids.myBooking = (await ctx.book(ctx.traveller, { departureId: ids.mine, travellers: 2 })).id;
    ids.otherBooking = (await ctx.book(ctx.traveller, { departureId: ids.other, travellers: 2 })).id;
    routes = ctx.app.apiRoutes.filter((r) => /^\w+ \/api\/(admin|guide)\//.test(r));
  });

  // The route's URL with ids: a guide's own departure (or a booking on it) unless `other`.
  const urlOf = (route: string, other = false) => {
    const path = route.split(' ')[1]!;
    const scope = accessOf(route.split(' ')[0]!, path).guideScope;
    const id =
      scope === 'booking' ? (other ? ids.otherBooking : ids.myBooking) : other ? ids.other : ids.mine;
    return path.replace(':id', id).replace(':index', '0').replace(':uid', 'no-such-account');
  };
  // An empty object: a write that is let in is refused by its schema (400) and changes nothing.
  const send = (caller: Caller, route: string, other = false) => {
    const method = route.split(' ')[0] as 'GET';
    return ctx.call(users[caller], method, urlOf(route, other), method === 'GET' ? undefined : {});
  };

  it('the table covers the console, the staff and the guide’s routes', () => {
    expect(routes).toContain('GET /api/admin/bookings');
    expect(routes).toContain('POST /api/admin/bookings');
    expect(routes).toContain('PUT /api/admin/staff');
    expect(routes).toContain('GET /api/guide/departures');
    expect(routes.length).toBeGreaterThan(20);
  });

  for (const caller of Object.keys(roleOfCaller) as Caller[]) {
    it(`${caller}: let into exactly the routes ./access.ts gives the role, refused the rest`, async () => {
      const role = roleOfCaller[caller];
      const wrong: string[] = [];
      for (const route of routes) {
        const [method, path] = route.split(' ') as [string, string];
        const allowed = role !== null && accessOf(method, path).roles.includes(role);
        const res = await send(caller, route);
        const refused = res.statusCode === 403;
        if (allowed === refused || res.statusCode === 401 || res.statusCode >= 500) {
          wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (refused && res.json().message !== staffOnlyMessage) wrong.push(`${route}: ${res.body}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a guide is refused every route of a departure not assigned to them', async () => {
    const scoped = routes.filter((r) => accessOf(r.split(' ')[0]!, r.split(' ')[1]!).guideScope);
    expect(scoped.length).toBe(3);
    for (const route of scoped) {
      const res = await send('guide', route, true);
      expect(res.statusCode, route).toBe(403);
      expect(res.json().message).toBe(notYoursMessage);
    }
    const checkIn = await ctx.call(
      users.guide,
      'POST',
      `/api/admin/bookings/${ids.otherBooking}/guests/0/check-in`,
      { state: 'present' },
    );
    expect(checkIn.statusCode).toBe(403);
    const rows = await ctx.db.query<{ check_in: string | null }>(
      'SELECT check_in FROM booking_guests WHERE booking_id = $1',
      [ids.otherBooking],
    );
    expect(rows.rows.every((r) => r.check_in === null)).toBe(true);
  });

  it('a guide reads their manifest (medical and dietary included) and checks a traveller in', async () => {
    const list = await ctx.call(users.guide, 'GET', '/api/guide/departures');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().departures).toEqual([
      expect.objectContaining({ id: ids.mine, travellers: 2, present: 0, noShow: 0 }),
    ]);
    const manifest = await ctx.call(users.guide, 'GET', `/api/admin/departures/${ids.mine}/manifest`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().bookings[0].guests[0]).toHaveProperty('medical');
    expect(manifest.json().bookings[0].guests[0]).toHaveProperty('dietary');
    const res = await ctx.call(
      users.guide,
      'POST',
      `/api/admin/bookings/${ids.myBooking}/guests/1/check-in`,
      {
        state: 'present',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await ctx.call(users.guide, 'GET', '/api/guide/departures');
    expect(after.json().departures[0]).toMatchObject({ present: 1 });
  });

  it('PATCH guides refuses an account without the guide role (400), and nothing changes', async () => {
    const res = await ctx.call(users.operator, 'PATCH', `/api/admin/departures/${ids.other}`, {
      guides: [users.operator.uid],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.guides).toMatch(/guide role/);
    const { rows } = await ctx.db.query('SELECT * FROM departure_guides WHERE departure_id = $1', [
      ids.other,
    ]);
    expect(rows).toEqual([]);
  });
});
