/**
 * gzip or brotli (quality 4, the plugin's default) for the web app's files and every JSON reply over
 * 1 KB, when the client asks for it: the initial JavaScript goes over the wire at about a third of
 * its size (docs/benchmarks.md).
 */
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const plugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
};

/** After durability: a refusal it writes replaces the plain reply before it is compressed. */
export const compression = fp(plugin, { fastify: '5.x', name: 'compression', dependencies: ['durability'] });
