import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export function statisticsRoutes(_app: FastifyInstance, _deps: AppDeps): void {
  // Filled in by the feature's issue.
}
