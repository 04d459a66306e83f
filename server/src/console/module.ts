import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { AuditLog } from '../audit/repository.js';
import type { Authenticator } from '../auth/authenticate.js';
import { DashboardDays } from './dashboard-days.js';
import { consoleRoutes } from './routes.js';
import { type ConsoleDeps, ConsoleService } from './service.js';

/**
 * The operator's console (issue #28): `/api/admin/*` for users with the admin role, and what the
 * admin CLI shares with it (the audit log, the role). Composed last: it works on every feature.
 */
export function createConsoleModule(deps: ConsoleDeps & { auth: Authenticator; log?: FastifyBaseLogger }) {
  const audit = new AuditLog(deps.db);
  /** The dashboard's closed days (the app starts their job; the CLI does not). */
  const dashboardDays = new DashboardDays(deps.db, deps.config.database.kind, deps.config.OPERATOR_TIME_ZONE, deps.log);
  const service = new ConsoleService(deps, audit, dashboardDays);
  /** Every admin route once registered (method + URL), for the guard's test. */
  const adminRoutes: Array<{ method: string; url: string }> = [];
  const routes: FastifyPluginAsync = consoleRoutes(deps.auth, service, deps.config.OPERATOR_TIME_ZONE, adminRoutes);
  return { console: service, audit, adminRoutes, routes, dashboardDays };
}
