import type { ServerInfo } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SERVER_VERSION, SUPPORTED_CLIENT_RANGE } from '../version.js';

export const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    async (): Promise<ServerInfo> => ({
      message: 'OK',
      version: SERVER_VERSION,
      supportedClientRange: SUPPORTED_CLIENT_RANGE,
    }),
  );
};
