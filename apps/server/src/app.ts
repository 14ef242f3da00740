import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@wellbe/shared/constants';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { answerZlib, BROTLI_OPTIONS, GZIP_OPTIONS } from './lib/answer-compression.ts';
import { registerAuth, registerDocsGuard } from './plugins/authenticate.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerStopping } from './plugins/stopping.ts';
import { BOOT_SCRIPT_SOURCE, CODE_LOADER_SOURCE, registerWeb } from './plugins/web.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { oidcRoutes } from './modules/auth/oidc.routes.ts';
import { recoveryRoutes } from './modules/auth/auth.recovery.routes.ts';
import { sessionRoutes } from './modules/auth/sessions.routes.ts';
import { mfaRoutes } from './modules/auth/mfa.routes.ts';
import { RecoveryService } from './modules/auth/auth.recovery.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { userActions } from './modules/users/users.actions.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { specialistActions } from './modules/specialists/specialists.actions.ts';
import { specialistRoutes } from './modules/specialists/specialists.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { organisationRoutes } from './modules/organisations/organisations.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { registerRouteCatalog } from './modules/admin/route-catalog.ts';
import { patientActions } from './modules/patients/patients.actions.ts';
import { consultationActions } from './modules/consultations/consultations.actions.ts';
import { consultationRoutes } from './modules/consultations/consultations.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { signingRoutes } from './modules/signing/signing.routes.ts';
import { clinicalDocumentRoutes } from './modules/clinical-documents/clinical-documents.routes.ts';
import { patientRoutes } from './modules/patients/patients.routes.ts';
import { noticeRoutes } from './modules/notices/notices.routes.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { dieteticsRoutes } from './modules/dietetics/dietetics.routes.ts';
import { noteRoutes } from './modules/notes/notes.routes.ts';
import { quickPanelRoutes } from './modules/quick-panel/quick-panel.routes.ts';
import { contactCallRoutes, contactRoutes } from './modules/contacts/contacts.routes.ts';
import { recordRoutes } from './modules/records/records.routes.ts';
import { agendaRoutes } from './modules/agenda/agenda.routes.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { sportCatalogRoutes } from './modules/sport-catalogs/sport-catalogs.routes.ts';
import { exerciseRoutes } from './modules/exercises/exercises.routes.ts';
import { sportProgramRoutes } from './modules/sport-programs/sport-programs.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { diaryRoutes } from './modules/diary/diary.routes.ts';
import { registerAppointmentStatistics, registerProgramStatistics } from './modules/statistics/statistics.service.ts';
import { appointmentStatistics } from './modules/agenda/agenda.statistics.ts';
import { dieteticsStatistics } from './modules/dietetics/dietetics.statistics.ts';
import { sportStatistics } from './modules/sport-programs/sport-programs.statistics.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { policyRoutes, registerConsentGate } from './modules/policies/policies.routes.ts';
import { articleRoutes } from './modules/articles/articles.routes.ts';
import { newspaperRoutes } from './modules/newspapers/newspapers.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { videoRoutes } from './modules/video/video.routes.ts';
import { questionnaireRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { sendWithAppointment } from './modules/questionnaires/questionnaires.booking.ts';
import { onAppointmentBooked } from './modules/agenda/agenda.service.ts';

export interface BuildOptions {
  /** Fastify's logger; `stream` lets tests read what would be logged. */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
  /** Where the built web app lives; tests point it at a missing folder. */
  webDist?: string;
  /** Tests: check every answer against its route's declared schema (app.responseMismatches). */
  checkResponses?: boolean;
}

// No password, token or clinical text in logs. Bodies are never logged, and the query
// string is cut from logged URLs (mail links carry single-use tokens: /reset-password?token=...).
function loggerOptions(option: BuildOptions['logger']) {
  if (!option) return false;
  return {
    ...(option === true ? { level: 'info' } : option),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        ip: request.ip,
      }),
    },
  };
}

/** A hop count trusts that many proxies in front of the server (proxy-addr's rule for numbers). */
function fastifyTrustProxy(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

// One visible list: external plugins, then the app's own plugins, then the modules (DESIGN §2).
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    // Fastify's two lines per request (330 bytes) cost 5-10 % of a list's CPU (1.47-1.51 against
    // 1.33 ms of Node CPU per list request, measured): plugins/request-log.ts logs the failures, the
    // slow requests and a sample instead (LOG_SLOW_MS, LOG_SAMPLE_RATE).
    logController: new RequestLogController(ctx.config.requestLog),
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    // Refused in French by plugins/stopping.ts instead.
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
  });
  const https = ctx.config.publicUrl.startsWith('https://');
  app.decorate('ctx', ctx);
  // First of all hooks: once the server stops, a new request costs nothing (plugins/stopping.ts).
  registerStopping(app);
  app.setValidatorCompiler(validatorCompiler);
  // SPEC §7: GET /api/auth carries email and password in a JSON body.
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });

  // External plugins (helmet's headers, built once: plugins/security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Same-origin files, and index.html's one inline script by its hash (plugins/web.ts).
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE, CODE_LOADER_SOURCE],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Practices may serve WellBe over plain HTTP on their network: https is forced only when
        // the operator says the public address is https (PUBLIC_URL).
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Device cookies of the sign-in (known device, remembered device): httpOnly, SameSite=Strict.
  await app.register(fastifyCookie);
  // The API's answers are JSON made for each request, compressed each time: brotli 3 and gzip 3
  // cost a third of the defaults (brotli 4, gzip 6) for a few % more bytes (~0.4 ms against ~1.2 ms
  // for a 37 kB exercise list; in gzip 7.8 → ~2.5 ms for the 240 kB of a 10-practitioner agenda
  // week), and up to 512 kB in one synchronous call rather than through a zlib stream: brotli 3
  // compresses that agenda week (JSON, 240 kB) in ~0.8 ms in one call, where the stream's hops
  // through the thread pool added ~10 ms to its answer on a busy 2-core machine (bench of 29 Nov,
  // docs/scaling.md). Set on each /api route before the plugin reads its options (onRoute, in order).
  const compressCommon = { threshold: 1024, encodings: ['br', 'gzip'] as ('br' | 'gzip')[] };
  // Answers of 64 kB and more at the fast levels (lib/answer-compression.ts).
  const apiCompress = { ...compressCommon, brotliOptions: BROTLI_OPTIONS, zlibOptions: GZIP_OPTIONS, zlib: answerZlib, syncThreshold: 524_288 };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.compress === undefined) route.compress = apiCompress;
  });
  await app.register(fastifyCompress, { global: true, ...compressCommon });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000 } });
  await registerOpenApi(app, { checkResponses: options.checkResponses });
  registerDocsGuard(app);

  // App plugins.
  registerErrorHandler(app);
  registerRouteCatalog(app);
  registerAuth(app);
  registerInputGuard(app);
  registerConsentGate(app);
  await registerRealtime(app);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
  });

  // Modules.
  const auth = new AuthService(ctx);
  const recovery = new RecoveryService(ctx, auth);
  await app.register(healthRoutes);
  await app.register(authRoutes, { auth, recovery });
  await app.register(oidcRoutes, { auth });
  await app.register(recoveryRoutes, { recovery });
  await app.register(sessionRoutes, { auth });
  await app.register(mfaRoutes, { auth });
  await app.register(userActions, { auth });
  await app.register(profileRoutes, { auth });
  await app.register(specialistActions);
  await app.register(specialistRoutes);
  await app.register(userRoutes);
  await app.register(organisationRoutes);
  await app.register(adminRoutes);
  await app.register(patientActions);
  await app.register(consultationActions);
  await app.register(consultationRoutes);
  await app.register(documentRoutes);
  await app.register(signingRoutes);
  await app.register(clinicalDocumentRoutes);
  await app.register(patientRoutes);
  await app.register(noticeRoutes);
  await app.register(jobRoutes);
  await app.register(historyRoutes);
  await app.register(dieteticsRoutes);
  await app.register(noteRoutes);
  await app.register(quickPanelRoutes);
  await app.register(contactRoutes);
  await app.register(contactCallRoutes);
  await app.register(recordRoutes);
  await app.register(agendaRoutes);
  await app.register(appointmentRoutes);
  await app.register(chatRoutes);
  await app.register(sportCatalogRoutes);
  await app.register(exerciseRoutes);
  await app.register(sportProgramRoutes);
  // /statistics reads the agenda's, dietetics' and sport's figures through the providers they give it.
  registerAppointmentStatistics(appointmentStatistics);
  registerProgramStatistics('dietetics', dieteticsStatistics);
  registerProgramStatistics('sport', sportStatistics);
  await app.register(statisticsRoutes);
  await app.register(diaryRoutes);
  await app.register(dashboardRoutes);
  await app.register(policyRoutes);
  await app.register(articleRoutes);
  await app.register(newspaperRoutes);
  await app.register(invoiceRoutes);
  await app.register(videoRoutes);
  // Questionnaires sent with an appointment type: the agenda calls them at every booking.
  onAppointmentBooked('questionnaires', sendWithAppointment);
  await app.register(questionnaireRoutes);

  await registerWeb(app, options.webDist);
  return app;
}
