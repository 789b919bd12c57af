// The per-user write limits of the API's routes, in the store app.ts registered
// (server/src/http/limits.ts).
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

// Booking writes are limited per signed-in user, after the token check and before the body is
// read (both preValidation hooks, in that order): users behind one proxy do not share a budget,
// and no X-Forwarded-For can lift the limit.
export const perUserLimit = (max: number, groupId: string) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preValidation' as const,
  groupId,
  keyGenerator: (request: FastifyRequest) => `user:${request.user?.uid ?? request.ip}`,
});

// The shared write budget as a preValidation hook, after the token check.
export const userWriteLimit = (app: FastifyInstance, max: number): preValidationAsyncHookHandler =>
  app.rateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `writes:${request.user?.uid ?? request.ip}`,
  });
