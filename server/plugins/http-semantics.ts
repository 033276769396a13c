/**
 * HTTP semantics of every route (docs/decisions/022-request-pipeline-plugins.md): a known path
 * called with a method it does not have answers 405 with `Allow` (server/methods.ts), before any
 * other refusal of the request; bodies are JSON, or a form where a route takes one, and any other
 * type answers 415 (server/content-type.ts). Register it before any route: it collects the methods
 * of every route registered after it.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentTypes } from '../content-type';
import { sendMethodNotAllowed, trackRouteMethods } from '../methods';

export interface RouteMethodsDecorator {
  /** 405 with Allow and the envelope when the path has routes but none for this method; false otherwise (nothing sent). */
  sendMethodNotAllowed(request: FastifyRequest, reply: FastifyReply): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeMethods: RouteMethodsDecorator;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const routes = trackRouteMethods(app);
  app.decorate('routeMethods', {
    sendMethodNotAllowed: (request: FastifyRequest, reply: FastifyReply) =>
      sendMethodNotAllowed(routes, request, reply, request.url.split('?')[0] ?? '/'),
  });
  contentTypes(app);
};

export const httpSemantics = fp(plugin, { fastify: '5.x', name: 'http-semantics' });
