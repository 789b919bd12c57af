import type { FastifyInstance } from 'fastify';
import { authenticator, requireOperator } from '../auth/authenticate.js';
import type { BookingsOptions } from '../bookings/routes.js';
import { adminBookingsRoutes } from './bookings-routes.js';
import { adminDeparturesRoutes } from './departures-routes.js';
import { lastSeenRoutes } from './last-seen-routes.js';
import { adminGuestsRoutes } from './guests-routes.js';
import { adminCatalogueRoutes } from '../catalog/routes.js';

// The operator console's API (/api/admin/*). The token and the role are checked once here, as
// hooks of this plugin's scope, so no route under it can be added without them: 401 without a
// valid token, 403 for anyone without the operator claim. Both run before the request is read
// (preValidation), so nobody learns anything from how a request would have been refused.
export async function adminRoutes(app: FastifyInstance, options: BookingsOptions) {
  app.addHook(
    'preValidation',
    authenticator(options.verifyToken, 'Please log in with a Wayfarer Tours staff account.'),
  );
  app.addHook('preValidation', requireOperator);
  await app.register(adminBookingsRoutes, options);
  await app.register(adminDeparturesRoutes, options);
  await app.register(lastSeenRoutes, options);
  await app.register(adminGuestsRoutes, options);
  if (options.catalogue)
    await app.register(adminCatalogueRoutes, { db: options.db, catalogue: options.catalogue });
}
