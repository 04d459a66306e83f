import type { ServerInfo } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SERVER_VERSION, SUPPORTED_CLIENT_RANGE } from '../version.js';

export const systemRoutes: FastifyPluginAsync<{ supportedClientRange?: string }> = async (app, options) => {
  const supportedClientRange = options.supportedClientRange ?? SUPPORTED_CLIENT_RANGE;
  app.get(
    '/',
    async (): Promise<ServerInfo> => ({
      message: 'OK',
      version: SERVER_VERSION,
      supportedClientRange,
    }),
  );
};
