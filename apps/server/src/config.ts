import path from 'node:path';
import { z } from 'zod';
import type { RequestLogPolicy } from './lib/request-log.ts';

// Configuration from the environment, parsed once (DESIGN §2).
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET doit contenir au moins 32 caractères').optional(),
  WELLBE_DEMO: z.enum(['0', '1']).optional(),
  WELLBE_ADMIN_USERNAME: z.string().min(1).optional(),
  WELLBE_ADMIN_PASSWORD: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('WellBe <no-reply@wellbe.local>'),
  SMTP_SECURE: z.enum(['0', '1']).optional(),
  WEB_DIST: z.string().optional(),
  STORAGE_URL: z.string().regex(/^(s3|file):/, 'STORAGE_URL doit commencer par s3:// ou file:').optional(),
  WORKERS: z.enum(['0', '1']).default('1'),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(\d{1,2}|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/, 'TRUST_PROXY : un nombre de proxys (ex. 1) ou une liste d’adresses séparées par des virgules (ex. 10.0.0.1,10.0.0.2)')
    .optional(),
  TURN_URLS: z.string().optional(),
  TURN_SECRET: z.string().min(16, 'TURN_SECRET doit contenir au moins 16 caractères').optional(),
  STUN_URLS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_SLOW_MS: z.coerce
    .number({ message: 'LOG_SLOW_MS : un nombre de millisecondes (ex. 1000)' })
    .int('LOG_SLOW_MS : un nombre entier de millisecondes (ex. 1000)')
    .min(0, 'LOG_SLOW_MS : un nombre de millisecondes positif ou nul')
    .default(1000),
  LOG_SAMPLE_RATE: z.coerce
    .number({ message: 'LOG_SAMPLE_RATE : une part entre 0 et 1 (ex. 0.01)' })
    .min(0, 'LOG_SAMPLE_RATE : une part entre 0 et 1 (ex. 0.01)')
    .max(1, 'LOG_SAMPLE_RATE : une part entre 0 et 1 (ex. 0.01)')
    .default(0.01),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  /** Seed demo data: always on the embedded database, only with WELLBE_DEMO=1 on an external one. */
  demo: boolean;
  adminUsername?: string;
  adminPassword?: string;
  publicUrl: string;
  smtp?: { host: string; port: number; user?: string; password?: string; secure: boolean };
  mailFrom: string;
  logLevel: string;
  /** Which requests are logged: every failure (5xx), those slower than `slowMs`, a `sampleRate` share of the others. */
  requestLog: RequestLogPolicy;
  /** Where files are stored: unset = DATA_DIR/files, `s3://bucket?endpoint=…&region=…` = object storage. */
  storageUrl?: string;
  /** Whether this server runs the background jobs (mails) in-process; WORKERS=0 for app-only servers. */
  workers: boolean;
  /** The built web app; defaults to apps/web/dist. */
  webDist?: string;
  /**
   * Fastify `trustProxy`: false (the socket address is the client), a hop count, or the reverse
   * proxies' addresses. The client IP keys the sign-in throttle, so it must be right.
   */
  trustProxy: boolean | number | string[];
  /**
   * Téléconsultation's ICE servers: STUN addresses, and TURN addresses with the secret shared with
   * coturn (`use-auth-secret`), from which each call's credentials are derived.
   */
  video: { stunUrls: string[]; turnUrls: string[]; turnSecret?: string };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((a) => a.trim());
}

function urlList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((u) => u.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuration invalide : ${detail}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    demo: e.DATABASE_URL ? e.WELLBE_DEMO === '1' : e.WELLBE_DEMO !== '0',
    adminUsername: e.WELLBE_ADMIN_USERNAME,
    adminPassword: e.WELLBE_ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT ?? 587, user: e.SMTP_USER, password: e.SMTP_PASSWORD, secure: e.SMTP_SECURE === '1' }
      : undefined,
    mailFrom: e.SMTP_FROM,
    logLevel: e.LOG_LEVEL,
    requestLog: { slowMs: e.LOG_SLOW_MS, sampleRate: e.LOG_SAMPLE_RATE },
    storageUrl: e.STORAGE_URL,
    workers: e.WORKERS === '1',
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    video: { stunUrls: urlList(e.STUN_URLS), turnUrls: urlList(e.TURN_URLS), turnSecret: e.TURN_SECRET },
  };
}
