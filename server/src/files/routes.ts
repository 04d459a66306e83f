import multipart from '@fastify/multipart';
import { FILE_PURPOSES, type FilePurpose, MAX_UPLOAD_BYTES } from '@neura/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { identifyIfSignedIn, signedIn } from '../auth/http-auth.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { FILE_NOT_FOUND, type FileService, type LoadedFile } from './service.js';

const texts = {
  notMultipart: 'Send the file as multipart/form-data in a field named "file".',
  noFile: 'No file was sent. Put the picture in a field named "file".',
  badPurpose: 'The purpose must be "attachment" or "mask".',
  tooLarge: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
};

/** An error of @fastify/multipart (too large, too many parts, a broken body) as our error body. */
function uploadError(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file:too-large', texts.tooLarge);
  if (typeof e.code === 'string' && e.code.startsWith('FST_') && (e.statusCode ?? 500) < 500)
    return new AppError('file:invalid', texts.noFile);
  return error;
}

function sendFile(reply: FastifyReply, file: LoadedFile) {
  return reply
    .header('Content-Type', file.row.mime_type)
    .header('Content-Length', String(file.bytes.length))
    .header('Cache-Control', 'private, max-age=3600')
    .header('Content-Disposition', 'inline')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .send(file.bytes);
}

/**
 * POST /files (multipart: `file`, optional `purpose`) and GET /files/{id} for the owner (bearer)
 * or by the signed url; anyone else gets the same 404 as for an unknown id.
 */
export const fileRoutes =
  (auth: Authenticator, files: FileService): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    });
    identifyIfSignedIn(app, auth);

    app.post('/files', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { user } = signedIn(request);
      if (!request.isMultipart()) throw badRequest(texts.notMultipart);
      let bytes: Buffer | undefined;
      let purpose: FilePurpose = 'attachment';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && bytes === undefined) bytes = data;
          } else if (part.fieldname === 'purpose') {
            const value = String(part.value);
            if (!(FILE_PURPOSES as readonly string[]).includes(value)) throw badRequest(texts.badPurpose);
            purpose = value as FilePurpose;
          }
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!bytes || bytes.length === 0) throw new AppError('file:invalid', texts.noFile);
      const file = await files.upload(user.id, bytes, purpose);
      return reply.code(201).send(file);
    });

    app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
      '/files/:id',
      async (request, reply) => {
        const { id } = request.params;
        const { expires, signature } = request.query;
        if (signature !== undefined) return sendFile(reply, await files.readSigned(id, expires, signature));
        if (!request.principal) throw notFound(FILE_NOT_FOUND);
        return sendFile(reply, await files.readOwned(request.principal.user.id, id));
      },
    );
  };
