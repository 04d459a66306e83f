import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { AuditLog } from './audit.js';
import { consoleRoutes } from './routes.js';
import { type ConsoleDeps, ConsoleService } from './service.js';

/**
 * The operator's console (issue #28): `/api/admin/*` for users with the admin role, and what the
 * admin CLI shares with it (the audit log, the role). Composed last: it works on every feature.
 */
export function createConsoleModule(deps: ConsoleDeps & { auth: Authenticator }) {
  const audit = new AuditLog(deps.db);
  const service = new ConsoleService(deps, audit);
  /** Every admin route once registered (method + URL), for the guard's test. */
  const adminRoutes: Array<{ method: string; url: string }> = [];
  const routes: FastifyPluginAsync = consoleRoutes(deps.auth, service, deps.config.OPERATOR_TIME_ZONE, adminRoutes);
  return { console: service, audit, adminRoutes, routes };
}
