import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { validationMessage } from './validation-message.ts';

/**
 * Turns every failure into the API's one error body. A 5xx never carries its cause to the client: the cause goes
 * to the log, with the request id, and the client gets a sentence it can show.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const issues = error.validation.map((issue) => ({
        path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      // `issues` keep the schema's wording for developers; the sentence is the one a user can act on.
      const firstPath = error.validation[0]?.instancePath.split('/').filter(Boolean) ?? [];
      const message =
        issues.length > 0
          ? validationMessage(error.validationContext, firstPath, error.validation[0])
          : 'The request is not valid.';
      return reply.status(400).send(new AppError('BAD_REQUEST', message, issues).toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(new AppError('INTERNAL', 'Internal server error').toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(new AppError('INTERNAL', 'Internal server error').toBody());
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      // An upload past IMPORT_MAX_UPLOAD_BYTES (a raw body, or a multipart file): say so in the import's words, naming the file when the query does.
      const fileName = (request.query as { fileName?: unknown } | undefined)?.fileName;
      const what = typeof fileName === 'string' && fileName !== '' ? `${fileName}: is` : 'The file is';
      const message = `${what} larger than the largest upload this site takes (IMPORT_MAX_UPLOAD_BYTES)`;
      return reply.status(413).send({ ...new AppError('IMPORT_REFUSED', message).toBody(), statusCode: 413 });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe to show.
    const code = status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
    return reply.status(status).send({ ...new AppError(code, error.message).toBody(), statusCode: status });
  });
});

/** The router's own refusals (over-long or malformed URLs) bypass the error handler; they get the same body. */
export function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The address is too long' : 'The address is malformed';
  reply.status(status).send({ ...new AppError('BAD_REQUEST', message).toBody(), statusCode: status });
}
