import {
  createUserBodySchema,
  createUserResponseSchema,
  messageResponseSchema,
  USER_CREATED_MESSAGE,
  userIdParamsSchema,
  usersResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { requireSuperadmin } from '../../plugins/auth.ts';
import { addUser, deleteUser, listUsers, recordUserAudit } from './service.ts';

/** User management (SPEC §2, §6): superadmins only. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/users', { schema: { response: { 200: usersResponseSchema } } }, async (request) => {
    requireSuperadmin(request);
    return { users: await listUsers(app.db) };
  });

  app.post(
    '/auth/users',
    { schema: { body: createUserBodySchema, response: { 201: createUserResponseSchema } } },
    async (request, reply) => {
      const actor = requireSuperadmin(request);
      const { username = '', password = '', role, kingdoms } = request.body;
      const { id } = await addUser(app.db, { username, password, role, kingdoms });
      const user = (await listUsers(app.db)).find((u) => u.id === id);
      if (!user) throw new AppError('INTERNAL', 'The new user could not be read back');
      await recordUserAudit(app.db, actor.id, 'user.create', user.kingdoms, {
        after: { id, username: user.username, role, kingdoms: user.kingdoms },
      });
      return reply.status(201).send({ message: USER_CREATED_MESSAGE, user });
    },
  );

  app.delete(
    '/auth/users/:id',
    { schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const actor = requireSuperadmin(request);
      const { username } = await deleteUser(app.db, { id: Number(request.params.id), actorId: actor.id });
      return { message: `User ${username} deleted` };
    },
  );
};
