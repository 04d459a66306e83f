import multipart from '@fastify/multipart';
import { FILE_PURPOSES, type FilePurpose, MAX_UPLOAD_BYTES, type UploadedFile } from '@neura/contract';
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

/**
 * Documents (issue #45, documents/): an upload whose name or content says document goes there
 * instead of the picture path. `detect` throws for a disguised file.
 */
export interface DocumentUploads {
  /** The upload of this document, or undefined when the file is no document. */
  accept(bytes: Buffer, name: string | undefined): ((userId: string) => Promise<UploadedFile>) | undefined;
}

/** Served as themselves: pictures, audio and PDF; any other document as plain text (never HTML on our origin). */
const servedType = (mimeType: string) =>
  /^(image|audio)\//.test(mimeType) || mimeType === 'application/pdf' ? mimeType : 'text/plain; charset=utf-8';

function sendFile(reply: FastifyReply, file: LoadedFile) {
  return reply
    .header('Content-Type', servedType(file.row.mime_type))
    .header('X-Content-Type-Options', 'nosniff')
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
  (auth: Authenticator, files: FileService, documents?: DocumentUploads): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    });
    identifyIfSignedIn(app, auth);

    app.post('/files', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { user } = signedIn(request);
      if (!request.isMultipart()) throw badRequest(texts.notMultipart);
      let bytes: Buffer | undefined;
      let name: string | undefined;
      let purpose: FilePurpose = 'attachment';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && bytes === undefined) {
              bytes = data;
              name = part.filename;
            }
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
      const document = purpose === 'attachment' ? documents?.accept(bytes, name) : undefined;
      const file = document ? await document(user.id) : await files.upload(user.id, bytes, purpose);
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
