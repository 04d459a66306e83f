import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { UserAdminService } from '../accounts/user-admin-service.js';
import type { AuditLog } from '../audit/repository.js';
import type { Authenticator } from '../auth/authenticate.js';
import type { BillingAdminService } from '../billing/admin-service.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ProAdminService } from '../entitlements/admin-service.js';
import type { FeedbackAdminService } from '../feedback/admin-service.js';
import type { AppJob, AppJobs } from '../jobs/module.js';
import type { PersonaAdminService } from '../personas/admin-service.js';
import { DashboardDays } from './dashboard-days.js';
import { ConsoleReadModel } from './read-model.js';
import { type ConsoleOperations, consoleRoutes } from './routes.js';

export interface ConsoleModuleDeps {
  db: Db;
  config: Config;
  auth: Authenticator;
  audit: AuditLog;
  users: UserAdminService;
  pro: ProAdminService;
  billing: BillingAdminService;
  personas: PersonaAdminService;
  feedback: FeedbackAdminService;
  /** The job queue: a dashboard that finds a closed day missing asks for the roll-up. */
  jobs: Pick<AppJobs, 'runSoon'>;
  log?: FastifyBaseLogger;
}

/**
 * The operator's console (issue #28): `/api/admin/*` for users with the admin role. Its routes
 * call each feature's admin service (accounts, entitlements, billing, personas, feedback: each
 * change with its audit line in its transaction); the console itself keeps the guard, the
 * dashboard read model and its closed days.
 */
export function createConsoleModule(deps: ConsoleModuleDeps) {
  /** The dashboard's closed days, kept by the `dashboard.days` job (the app runs jobs; the CLI does not). */
  const dashboardDays = new DashboardDays(
    deps.db,
    deps.config.database.kind,
    deps.config.OPERATOR_TIME_ZONE,
    deps.log,
    () => deps.jobs.runSoon('dashboard.days'),
  );
  const readModel = new ConsoleReadModel({
    db: deps.db,
    config: deps.config,
    audit: deps.audit,
    users: deps.users,
    billing: deps.billing,
    dashboardDays,
  });
  const operations: ConsoleOperations = {
    readModel,
    audit: deps.audit,
    users: deps.users,
    pro: deps.pro,
    billing: deps.billing,
    personas: deps.personas,
    feedback: deps.feedback,
  };
  /** Every admin route once registered (method + URL), for the guard's test. */
  const adminRoutes: Array<{ method: string; url: string }> = [];
  const routes: FastifyPluginAsync = consoleRoutes(deps.auth, operations, deps.config.OPERATOR_TIME_ZONE, adminRoutes);
  const jobs: AppJob[] = [
    {
      name: 'dashboard.days',
      every: (now) => dashboardDays.untilNextRun(now),
      run: (_payload, { now, signal }) => dashboardDays.rollUp(undefined, now, signal),
    },
  ];
  return { readModel, adminRoutes, routes, dashboardDays, jobs };
}
