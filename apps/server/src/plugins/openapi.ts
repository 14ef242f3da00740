import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@wellbe/shared/schemas/responses';
import { isGuestOnly } from './authenticate.ts';
import { z } from 'zod';

// The API document (/api/docs/json) describes every answer: each route declares its success
// answers from the shared schemas (packages/shared/src/schemas/responses.ts and the areas'), and
// every /api route gets the one error shape for 4xx and 5xx here. Bearer tokens (JWT) are the
// security scheme of every operation that needs a signed-in caller.

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers that did not match their route's declared schema (only when `checkResponses`). */
    responseMismatches: string[];
  }
}

type ResponseSchemas = Record<string, unknown>;

/** Adds the error shape to each /api route that does not declare its own failures. */
function withErrorResponses(schema: FastifySchema | undefined): FastifySchema {
  const response = { ...((schema?.response as ResponseSchemas | undefined) ?? {}) };
  response['4xx'] ??= apiErrorSchema;
  response['5xx'] ??= apiErrorSchema;
  return { ...schema, response };
}

/**
 * The keys of an answer its schema does not declare (zod drops them when parsing): the document
 * must name every field a client receives, not only the ones a schema happened to list.
 */
function undeclaredKeys(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((v, i) => undeclaredKeys(v, parsed[i], `${path}[${i}]`));
  if (!sent || !parsed || typeof sent !== 'object' || typeof parsed !== 'object' || Array.isArray(sent)) return [];
  const out = parsed as Record<string, unknown>;
  return Object.entries(sent).flatMap(([key, value]) => (key in out ? undeclaredKeys(value, out[key], `${path}.${key}`) : [`${path}.${key}`]));
}

// The answer's UTF-8 bytes (Fastify and @fastify/compress send a Buffer as it is): from a string,
// each measured its UTF-8 length before encoding it, one more pass over the text (4 % of the
// server's CPU for the agenda's 240 kB week, issue 31). Typed as Fastify's serializers (a string).
type Serializer = (route: { schema: unknown; method: string; url: string; httpStatus?: string }) => (data: unknown) => string;
// JSON.stringify answers undefined for undefined: left as it is.
const asBytes = (text: string): string => (typeof text === 'string' ? (Buffer.from(text) as unknown as string) : text);

// Production serializes every answer exactly as Fastify does without a schema (JSON.stringify):
// a declared schema never strips a field nor turns a small mismatch into a 500.
const plainSerializer: Serializer = () => (data) => asBytes(JSON.stringify(data));

/** Tests: the same answer, checked against its declared schema as the client receives it (JSON). */
function checkingSerializer(mismatches: string[]): Serializer {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const text = JSON.stringify(data);
      const zodSchema = schema as z.ZodType;
      const sent: unknown = text === undefined ? undefined : JSON.parse(text);
      // Decoded from JSON, as a client would: an instant travels as an ISO string (a codec).
      const result = z.safeDecode(zodSchema, sent as never);
      const where = `${method} ${url} ${httpStatus ?? ''}`.trim();
      if (!result.success) {
        mismatches.push(`${where}: ${result.error.issues.map((i) => `${i.path.join('.') || '(racine)'} ${i.message}`).join('; ')}`);
      } else {
        const extra = undeclaredKeys(sent, result.data);
        if (extra.length) mismatches.push(`${where}: champs non déclarés ${extra.slice(0, 10).join(', ')}`);
      }
      return asBytes(text);
    };
}

const GET_BODY_NOTE = 'SPEC §7 accepte aussi ces valeurs dans un corps JSON (comme la variante POST), non décrit ici : un GET ne déclare pas de corps.';

export async function registerOpenApi(app: FastifyInstance, options: { checkResponses?: boolean } = {}) {
  const mismatches: string[] = [];
  app.decorate('responseMismatches', mismatches);
  app.setSerializerCompiler(options.checkResponses ? checkingSerializer(mismatches) : plainSerializer);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.schema?.hide) route.schema = withErrorResponses(route.schema);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'WellBe API', version: '1.0.0', description: 'API de WellBe (SPEC §7 et ressources REST)' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (document) => {
      const { route } = document;
      const methods = ([] as string[]).concat(route.method);
      const bodyless = methods.every((m) => m === 'GET' || m === 'HEAD');
      let schema = document.schema as FastifySchema & { description?: string };
      // A GET carries no body in OpenAPI: SPEC §7's GET /api/auth still reads one (kept for its
      // clients), the document points to the POST twin instead.
      if (bodyless && schema?.body) {
        const { body: _body, ...rest } = schema;
        schema = { ...rest, description: [rest.description, GET_BODY_NOTE].filter(Boolean).join(' ') };
      }
      const transformed = jsonSchemaTransform({ ...document, schema });
      const access = route.config?.access;
      if (transformed.schema && access && access !== 'open' && !isGuestOnly(access)) {
        (transformed.schema as { security?: unknown }).security = [{ bearerAuth: [] }];
      }
      return transformed;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
