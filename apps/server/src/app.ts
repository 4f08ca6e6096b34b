import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { httpStatusMessage } from '@omnicare/shared/platform/errors';
import { PRODUCT_NAME } from '@omnicare/shared/platform/constants';
import { useVietnameseValidation } from '@omnicare/shared/platform/zod-locale';
import { PUBLIC_FILES_PREFIX } from '@omnicare/shared/platform/validation';
import type { Config } from './config.js';
import type { Access } from './platform/auth.js';
import {
  createTokenService,
  loadJwtSecret,
  loadPlatformSecret,
  registerAccessControl,
} from './platform/auth.js';
import { createSecretBox } from './platform/secret-box.js';
import { createFileStore } from './platform/files.js';
import { createJobQueue } from './platform/jobs.js';
import { createOutbox } from './platform/outbox.js';
import { registerOutboxProbe } from './platform/outbox-probe.js';
import fastifyMultipart from '@fastify/multipart';
import type { Platform } from './platform/context.js';
import { connectDatabase, type DatabaseHandle } from './platform/db.js';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
  registerNotFound,
} from './platform/errors.js';
import { registerInputGuard } from './platform/input-guard.js';
import { createMailer } from './platform/mail.js';
import { createRealtime } from './platform/realtime.js';
import { connectRedis } from './platform/redis.js';
import { rateLimitStore } from './platform/rate-limit-store.js';
import { createThrottle } from './platform/throttle.js';
import { createBackground } from './platform/background.js';
import { createTenantMemo, settleWrites } from './platform/tenant-memo.js';
import { customFieldHosts, registerModuleRoutes, type ServerModule } from './platform/modules.js';
import { declareEvents } from './platform/domain-events.js';
import { registerCompression } from './platform/compression.js';
import { SERVER_MODULES } from './modules.js';

/** How long a closing server lets open answers finish before it cuts their connections. */
const CLOSE_GRACE_MS = 3_000;

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The status codes the route declares a response body for. */
  responses: string[];
  /** The route's config as it ends up (a module's feature is added after this entry). */
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    /** Every route as registered, with its declared access (the catalogue test reads it). */
    routeCatalogue: RouteEntry[];
  }
  interface FastifyRequest {
    /** A provider webhook's JSON body as received (`/v2/webhooks/*`): what its signature signs. */
    rawBody?: string;
  }
}

/**
 * One log line per request, at its end and naming it, instead of Fastify's two (incoming and
 * completed): under load, request logging was a fifth of the server's CPU.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

const SECRET_QUERY = /([?&](?:token|password|code)=)[^&]*/gi;

export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    // Tokens and passwords never reach the log, wherever they appear.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'body.password',
        'body.code',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  options: {
    logger?: FastifyServerOptions['logger'];
    loggerInstance?: FastifyBaseLogger;
    /** Modules a test adds to the real ones (e.g. a probe of a platform helper's routes). */
    extraModules?: readonly ServerModule[];
  } = {},
) {
  useVietnameseValidation();
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config.logLevel) }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
    // What the router and Node's HTTP parser refuse before any route, in the catalogue's words.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every answer, files and errors included, is read as the type it declares, never sniffed.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  const routeCatalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    route.config ??= {};
    // Plugin routes outside the API (OpenAPI UI, static files) are public by nature.
    if (route.config.access === undefined && !route.url.startsWith('/v2'))
      route.config.access = 'public';
    const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
    for (const method of methods)
      routeCatalogue.push({
        method,
        url: route.url,
        access: route.config.access,
        responses,
        config: route.config,
      });
  });

  const memo = createTenantMemo(database.url, app.log);
  const tokens = createTokenService(
    database.pool,
    await loadJwtSecret(database.db, config.jwtSecret),
    config.sessionTtlMs,
    memo,
  );
  const jobs = createJobQueue(database.url, app.log);
  // Socket.io fan-out and per-IP limits across instances; never awaited (see connectRedis).
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, config.redisPrefix, app.log)
    : undefined;
  // Reports read through a second pool when a replica is named (see Platform.reads).
  const readDatabase = config.databaseReadUrl
    ? connectDatabase(config.databaseReadUrl, 4)
    : undefined;
  const platform: Platform = {
    config,
    database,
    db: database.db,
    reads: readDatabase?.db ?? database.db,
    mailer: createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir },
      app.log,
    ),
    realtime: await createRealtime(app.server, tokens, { redis, log: app.log }),
    throttle: createThrottle(database.db),
    tokens,
    secrets: createSecretBox(config.dataKey ?? (await loadPlatformSecret(database.db, 'data-key'))),
    files: createFileStore(config.dataDir),
    jobs,
    outbox: createOutbox(database, jobs, app.log, { settled: () => memo.settled() }),
    memo,
    background: createBackground(app.log),
    log: app.log,
    customFields: customFieldHosts(SERVER_MODULES),
  };
  app.decorate('platform', platform);
  declareEvents(SERVER_MODULES.flatMap((module) => module.events ?? []));
  for (const module of SERVER_MODULES) {
    module.jobs?.(platform);
    module.realtime?.(platform);
  }
  if (config.outboxProbe) registerOutboxProbe(platform, config.outboxProbeDelayMs);
  await Promise.all([platform.jobs.start(), platform.memo.start()]);
  await platform.outbox.start();
  const stops: (() => Promise<void>)[] = [];
  for (const module of SERVER_MODULES) {
    const stop = await module.start?.(platform);
    if (stop) stops.push(stop);
  }
  // Stopping: the answers still running close their connection, so the server's close is not
  // held by keep-alive connections that fall idle after it began.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // A client that stops reading its answer holds its connection open (a compressed answer is
    // written as a stream that waits for it), and the close with it: what is still open after
    // the grace period is cut.
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
    await platform.background.idle();
    await platform.realtime.close();
    await redis?.close();
    await platform.outbox.stop();
    await platform.jobs.stop();
    await platform.memo.close();
    await readDatabase?.close();
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  // An empty JSON body (a PUT with no payload, as the spec's calls send) means no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    // A provider's webhook signs the exact bytes it sent (channels/zalo/, channels/facebook/).
    if (request.url.startsWith('/v2/webhooks/')) request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(redis),
    errorResponseBuilder: () => ({ statusCode: 429, message: httpStatusMessage(429) }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '2.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
    // Emits the schemas registered with an id (recursive ones) as components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await registerCompression(app);
  await mkdir(platform.files.publicRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: platform.files.publicRoot,
    prefix: PUBLIC_FILES_PREFIX,
    decorateReply: false,
    index: false,
  });
  registerAccessControl(app, tokens);
  settleWrites(app, platform.memo);

  registerModuleRoutes(app, platform, [...SERVER_MODULES, ...(options.extraModules ?? [])]);
  const hasWebApp = await serveWebApp(app, config.webDist);
  registerNotFound(app, (request, reply) =>
    hasWebApp && request.method === 'GET' && !SERVER_PATHS.test(request.url)
      ? reply.header('cache-control', 'no-cache').sendFile('index.html')
      : undefined,
  );
  return app;
}

/** Paths the SPA fallback never answers: they are the API's, the docs', or files'. */
const SERVER_PATHS = /^\/(v2|docs|socket\.io|files)(\/|$)/;

/**
 * Serves the built SPA: files as they are on disk (a rebuild needs no restart; the brotli or
 * gzip copy the build made when the browser takes it), hashed assets cached for good, and index.html for every other GET so client-side routes load.
 */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    // '/' is the SPA's own page; no other folder is listed.
    index: ['index.html'],
    cacheControl: false,
    // Scripts, styles and the page are read whole: no Accept-Ranges on each answer.
    acceptRanges: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      // Vite fingerprints everything under assets/, so those files never change: cached for
      // good, and without validators (ETag, Last-Modified), since nothing asks for them again.
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (immutable) reply.removeHeader('etag').removeHeader('last-modified');
    },
  });
  return true;
}
