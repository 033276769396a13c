/**
 * 405 for a known path called with a method it does not have: the methods of every
 * route are collected as routes are registered, and the not-found handler asks here before it answers
 * 404. The reply carries `Allow` (RFC 9110 §15.5.6) and the error envelope naming the method.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../openapi/common';

interface RoutePattern {
  /** Matches the request path; built from the route's URL (`:param` one segment, `*` the rest). */
  test: RegExp;
  methods: Set<string>;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return escape(segment);
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The methods of the routes registered on an app, by path. */
export class RouteMethods {
  private readonly byUrl = new Map<string, RoutePattern>();

  add(url: string, method: string | string[]): void {
    let entry = this.byUrl.get(url);
    if (!entry) {
      entry = { test: patternOf(url), methods: new Set() };
      this.byUrl.set(url, entry);
    }
    for (const m of Array.isArray(method) ? method : [method]) entry.methods.add(m.toUpperCase());
  }

  /** The methods a path answers, sorted; empty when no route has the path. */
  allowed(path: string): string[] {
    const out = new Set<string>();
    for (const { test, methods } of this.byUrl.values()) {
      if (test.test(path)) for (const m of methods) out.add(m);
    }
    return [...out].sort();
  }
}

/**
 * Starts collecting the methods of every route registered from now on (call it before any route or
 * plugin is registered). Returns the collection for `sendMethodNotAllowed`.
 */
export function trackRouteMethods(app: FastifyInstance): RouteMethods {
  const routes = new RouteMethods();
  app.addHook('onRoute', (route) => routes.add(route.url, route.method));
  return routes;
}

/**
 * Answers 405 with `Allow` and the envelope when the request's path has routes but none for its
 * method; returns false (nothing sent) for a path no route has, which stays a 404.
 */
export function sendMethodNotAllowed(routes: RouteMethods, request: FastifyRequest, reply: FastifyReply, path: string): boolean {
  const allowed = routes.allowed(path);
  if (allowed.length === 0 || allowed.includes(request.method)) return false;
  const message = `Method ${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`;
  void reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ success: false, errorCode: ErrorCode.methodNotAllowed, message, value: { fields: [{ field: 'method', message }] } });
  return true;
}
