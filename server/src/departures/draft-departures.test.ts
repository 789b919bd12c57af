// @vitest-environment node
// A package's departures are public only once the package is: a draft's (or an archived one's)
// dates, seats and prices answer 404 like a package that does not exist, whatever its spelling.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useAdminApp } from '../test/console-kit.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

describeEach(storeCases())('draft departures on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  it('a draft package’s departures are 404 to the public; a published one’s are listed', async () => {
    const id = `draft-${randomUUID().slice(0, 8)}`;
    const made = await ctx.call(ctx.operator, 'POST', '/api/admin/packages', {
      id,
      name: 'Secret trip',
      description: 'Not yet announced.',
      price: 900,
    });
    expect(made.statusCode, made.body).toBe(201);
    await ctx.addDeparture({ packageId: id });
    for (const user of [null, ctx.traveller]) {
      const res = await ctx.call(user, 'GET', `/api/packages/${id}/departures`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('No such package.');
      expect(res.body).not.toMatch(/startsOn|seats|price/);
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: `/api/packages/${id}/departures` });
    expect(head.statusCode).toBe(404);
    // A published package's stay public.
    const res = await ctx.call(null, 'GET', '/api/packages/swiss-alpine-lakes/departures');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().departures.length).toBeGreaterThan(0);
  });
});
