/**
 * Mix mode (`npm start -- --gateway URL --simulate GLOB[,GLOB…]`): the calls whose path
 * matches one of the globs are answered by an in-process simulator, the rest go to the gateway.
 * Globs are picomatch patterns over the contract's paths (`/wps/verification/*`, `/wps/captcha`;
 * a trailing `/*` takes everything under that path);
 * one that matches no path of the contract is refused at start, so a typo cannot silently send
 * everything upstream.
 */
import picomatch from 'picomatch';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiDocument } from './checker';

export interface SimulatedCalls {
  globs: string[];
  /** Contract operations the globs cover, as `METHOD /path operationId`. */
  operations: { method: string; path: string; operationId: string; access: string }[];
  matches: (path: string) => boolean;
  /** What the user should know about the split (tokens issued upstream, SMS codes). */
  warnings: string[];
}

/** Parse and check `--simulate`; throws a message naming the bad glob. */
export function parseSimulate(list: string, contract: OpenApiDocument): SimulatedCalls {
  const globs = list
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  if (!globs.length) throw new Error('--simulate needs at least one path glob, e.g. /wps/verification/*,/wps/captcha');
  const operations: SimulatedCalls['operations'] = [];
  const paths = Object.keys(contract.paths);
  const matchers: ((path: string) => boolean)[] = [];
  for (const glob of globs) {
    if (!glob.startsWith('/') || /\s/.test(glob) || glob.includes('//')) {
      throw new Error(`--simulate: "${glob}" is not a path glob (it must start with / and hold no spaces or empty segments)`);
    }
    let isMatch: (path: string) => boolean;
    try {
      // A trailing `/*` means everything under that path, as a reader of `/wps/verification/*`
      // expects (the verification calls are /wps/verification/sms/…); elsewhere `*` stays within one
      // segment and `**` crosses them.
      isMatch = picomatch(glob.endsWith('/*') ? `${glob}*` : glob, { strictBrackets: true });
    } catch (err) {
      throw new Error(`--simulate: "${glob}" is not a valid glob (${(err as Error).message})`, { cause: err });
    }
    const hit = paths.filter((p) => isMatch(p));
    if (!hit.length) throw new Error(`--simulate: "${glob}" matches no path of the contract (openapi/openapi.json)`);
    matchers.push(isMatch);
    for (const path of hit) {
      for (const [method, spec] of Object.entries(contract.paths[path] ?? {})) {
        const op = spec as { operationId?: string; 'x-access'?: string };
        if (typeof op.operationId !== 'string') continue;
        if (operations.some((o) => o.operationId === op.operationId)) continue;
        operations.push({ method: method.toUpperCase(), path, operationId: op.operationId, access: op['x-access'] ?? 'public' });
      }
    }
  }
  const matches = (path: string) => matchers.some((m) => m(path));
  const warnings: string[] = [];
  const tokenOps = operations.filter((o) => o.access !== 'public');
  if (tokenOps.length && !matches('/wps/session/login')) {
    warnings.push(
      `simulated token calls (${tokenOps.map((o) => o.operationId).join(', ')}) need a simulator session: a token the gateway issued is unknown to the simulator, so simulate /wps/session/* too or expect 401`,
    );
  }
  const verification = operations.filter((o) => o.path.startsWith('/wps/verification/'));
  if (verification.length && !matches('/wps/member/register')) {
    warnings.push(
      'SMS codes come from the simulator (read them with npm run sim -- sms last): the gateway checks codes it sent itself, so a real registration with a simulated code needs a gateway that skips that check, or simulate /wps/member/register* too',
    );
  }
  return { globs, operations, matches, warnings };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/** Answer a request from the in-process simulator (its whole reply: status, headers, body). */
export async function answerFromSimulator(sim: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const res = await sim.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    // The gateway scope hands bodies over as the raw request stream.
    payload: request.body as never,
  });
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    reply.header(name, value);
  }
  return reply.code(res.statusCode).send(res.rawPayload);
}
