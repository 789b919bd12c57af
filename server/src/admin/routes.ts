import type { FastifyInstance } from 'fastify';
import type { BookingsOptions } from '../bookings/routes.js';

// The operator console's API (/api/admin/*). Being built: see issue 11.
export async function adminRoutes(_app: FastifyInstance, _options: BookingsOptions) {}
