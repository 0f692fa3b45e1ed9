import { z } from 'zod';
import { apiError } from '../src/contract/common';
import type { RouteContract } from '../src/contract/routes';
import { successStatus } from '../src/contract/route';
import pkg from '../package.json' with { type: 'json' };
import { DEFAULT_BODY_LIMIT } from './http-surface';

const schema = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, any>;

function parameters(s: z.ZodType | undefined, where: 'query' | 'path') {
  if (!s) return [];
  const json = schema(s, 'input');
  const required = new Set<string>(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: prop,
  }));
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: schema(apiError, 'output') } } });

/** OpenAPI 3.1 generated from the contract of every route the server registered. */
export function openApiDocument(registry: readonly RouteContract[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry) {
    const path = '/portal_api' + route.path.replace(/:(\w+)/g, '{$1}');
    const needsToken = route.auth !== 'public';
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      'x-required-role': route.auth,
      ...(needsToken ? { security: [{ bearer: [] }] } : {}),
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(route.body, 'input') } } } } : {}),
      responses: {
        [String(successStatus(route))]: {
          description: route.accepted ? 'Recorded for approval by a second person' : 'Success',
          content: { 'application/json': { schema: schema(route.response, 'output') } },
        },
        ...(route.body || route.query || route.params ? { 400: errorResponse('Bad input: `fields` names each field at fault') } : {}),
        ...(route.body
          ? {
              413: errorResponse(
                `The body is larger than the call takes (${route.maxBodyBytes ?? DEFAULT_BODY_LIMIT} bytes; reason body_too_large)`,
              ),
            }
          : {}),
        ...(needsToken ? { 401: errorResponse('No token, a bad or expired token, or a revoked session') } : {}),
        ...(route.auth !== 'public' && route.auth !== 'session' && route.auth !== 'otp' && route.auth !== 'password'
          ? { 403: errorResponse(`The caller's group lacks ${route.auth}`) }
          : {}),
        ...Object.fromEntries(Object.entries(route.refusals ?? {}).map(([status, why]) => [status, errorResponse(why)])),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'simu-portal portal_api', version: pkg.version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
