import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.ts';
import { type DatabaseHandle, POOL_KEPT_OPEN } from './db/database.ts';
import { warmUpPool } from './db/pool-warm-up.ts';
import { DISCORD_OFF } from './discord-config.ts';
import { allianceActivityRoutes } from './features/alliance-activity/routes.ts';
import { autarchRoutes } from './features/autarch/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { DashboardService, dashboardRoutes } from './features/dashboard/index.ts';
import { dataReviewRoutes } from './features/data-review/routes.ts';
import { demoRoutes } from './features/demo/routes.ts';
import { type GatewayConnection, startGateway } from './features/discord/gateway.ts';
import { discordRoutes } from './features/discord/routes.ts';
import { createDiscord, type DiscordOptions } from './features/discord/service.ts';
import { farmRoutes } from './features/farms/routes.ts';
import { formulaRoutes } from './features/formula/routes.ts';
import { governorRoutes } from './features/governor/routes.ts';
import { GovernorService } from './features/governor/service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { onScansImported } from './features/imports/after-import.ts';
import { kdDashboardRoutes } from './features/kd-dashboard/routes.ts';
import { KdDashboardService } from './features/kd-dashboard/service.ts';
import { kingdomFileRoutes } from './features/kingdom-admin/file-routes.ts';
import { kingdomAdminRoutes } from './features/kingdom-admin/routes.ts';
import { tokenUploadRoutes } from './features/kingdom-admin/token-upload-routes.ts';
import { kingdomHomeRoutes } from './features/kingdom-home/routes.ts';
import { migrationListRoutes } from './features/migration-list/routes.ts';
import { movementsRoutes } from './features/movements/routes.ts';
import { publicConfigRoutes } from './features/public-config/routes.ts';
import { rallyRoutes } from './features/rally/routes.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import type { CounterStore } from './plugins/counter-store.ts';
import { databasePlugin } from './plugins/database.ts';
import { answerRouterError, errorHandlerPlugin } from './plugins/error-handler.ts';
import { type RateLimitSettings, rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { siteBase } from './site-links.ts';

export type AppConfig = Pick<ServerConfig, 'loginEnabled' | 'logLevel' | 'webDistDir'> &
  Partial<Pick<ServerConfig, 'trustProxy' | 'shopUrl' | 'premiumUrl'>> & {
    /** Tests lower or raise the limits; the server uses the defaults in plugins/rate-limit.ts. */
    rateLimits?: Partial<RateLimitSettings>;
    /** Where the rate limits count (plugins/counter-store.ts); this process's memory when absent. */
    counterStore?: CounterStore;
    /** The main dashboard's service (its period caches): main.ts prepares views with it, the benchmark empties it. */
    dashboardService?: DashboardService;
    /** Kingdom Stats in Discord (config.ts's DISCORD_*); off when absent. */
    discord?: DiscordOptions;
  };

const POOL_WARM_LIMIT_MS = 500;

/** Builds the whole server without listening, so tests drive it through `app.inject`. */
export async function buildApp(config: AppConfig, database: DatabaseHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Behind a proxy the client's address comes from X-Forwarded-For; rate limits key on it. Only proxies named by
    // TRUST_PROXY (default: none) are believed, so a client cannot pick its own address (config.ts).
    trustProxy: config.trustProxy ?? false,
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { database });
  // PostgreSQL's connections opened before the first request, not inside it (db/pool-warm-up.ts): those the pool
  // keeps open while idle, more than a cold dashboard request holds at once; at most half a second of start-up.
  app.addHook('onReady', () =>
    warmUpPool(database, POOL_KEPT_OPEN, POOL_WARM_LIMIT_MS, (error) =>
      app.log.warn({ err: error }, 'database connections not opened at start'),
    ),
  );
  await app.register(authPlugin);
  await app.register(rateLimitPlugin, {
    settings: config.rateLimits ?? {},
    ...(config.counterStore ? { store: config.counterStore } : {}),
  });

  // One KD DKP service, so one cache, for its dashboard and the governor page, which shows the same rows.
  const kdDashboard = new KdDashboardService(app.db);
  // The main dashboard's, which an import asks to prepare the kingdom's default view.
  const dashboard = config.dashboardService ?? new DashboardService(app.db);
  const discordOptions: DiscordOptions = config.discord ?? DISCORD_OFF;
  const discord = createDiscord({
    db: app.db,
    kdDashboard,
    options: discordOptions,
    siteUrl: siteBase(),
    log: app.log,
  });
  if (discordOptions.mode !== 'off') {
    // Every import of this server's database (site, CLI in-process, token) is announced; the import never waits.
    const stop = onScansImported((event) => {
      if (event.db === app.db) discord.announcer.announce(event);
    });
    app.addHook('onClose', async () => {
      stop();
      await discord.announcer.settled();
    });
  }
  if (discordOptions.mode === 'gateway') {
    // Started once the server listens (never in app.inject tests), stopped with it.
    let connection: GatewayConnection | null = null;
    app.addHook('onListen', async () => {
      // Not awaited: the site serves while the bot connects (or fails to, which is logged).
      void startGateway(discordOptions, discord.handlers, app.log).then(
        (opened) => {
          connection = opened;
        },
        (error: Error) => app.log.error(`Discord gateway not connected: ${error.message}`),
      );
    });
    app.addHook('onClose', async () => {
      await connection?.close();
    });
  }
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes, {
        loginEnabled: config.loginEnabled,
        shopUrl: config.shopUrl,
        premiumUrl: config.premiumUrl,
      });
      await api.register(demoRoutes);
      await api.register(rallyRoutes);
      await api.register(kingdomHomeRoutes);
      await api.register(dashboardRoutes, { service: dashboard });
      await api.register(kdDashboardRoutes, { service: kdDashboard });
      await api.register(movementsRoutes);
      await api.register(allianceActivityRoutes);
      await api.register(formulaRoutes);
      await api.register(autarchRoutes);
      await api.register(governorRoutes, { service: new GovernorService(app.db, kdDashboard) });
      await api.register(settingsRoutes);
      await api.register(authRoutes, { loginEnabled: config.loginEnabled });
      await api.register(userRoutes);
      await api.register(kingdomAdminRoutes);
      await api.register(migrationListRoutes);
      await api.register(kingdomFileRoutes, {
        afterScanImport: (kingdom) => dashboard.prepareDefaultView(kingdom),
      });
      await api.register(tokenUploadRoutes, {
        afterScanImport: (kingdom) => dashboard.prepareDefaultView(kingdom),
      });
      await api.register(farmRoutes);
      await api.register(dataReviewRoutes);
      await api.register(discordRoutes, {
        handlers: discord.handlers,
        publicKey: discordOptions.mode === 'http' ? discordOptions.publicKey : null,
        ...(discordOptions.answerBudgetMs === undefined
          ? {}
          : { answerBudgetMs: discordOptions.answerBudgetMs }),
      });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
