// Who an audit row says made a change from the API: the signed-in traveller or the operator
// (server/src/audit/audit.ts), named by their account's email, or their uid without one.
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit.js';

export const travellerActor = (request: FastifyRequest): Actor => ({
  type: 'traveller',
  name: request.user!.email ?? request.user!.uid,
});

export const operatorActor = (request: FastifyRequest): Actor => ({
  type: 'operator',
  name: request.user!.email ?? request.user!.uid,
});
