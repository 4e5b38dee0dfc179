import { z } from 'zod';

/** Sign-in, sessions and user management (SPEC §3, §4, §6, §7). */

export const USER_ROLES = ['admin', 'superadmin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRoleName = z.infer<typeof userRoleSchema>;

const kd = z.number().int().min(1).max(99999);

/** The signed-in user as the browser stores it (SPEC §3: a JSON object with a role field). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: userRoleSchema,
  /** Kingdoms this user administers; a superadmin administers every kingdom whatever this lists. */
  kingdoms: z.array(kd),
});
export type SessionUserInfo = z.infer<typeof sessionUserSchema>;

/** A kingdom the signed-in user may administer, with what the admin pages need to link to it. */
export const administeredKingdomSchema = z.object({ kd, name: z.string().nullable(), code: z.string() });
export type AdministeredKingdom = z.infer<typeof administeredKingdomSchema>;

export const loginBodySchema = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(1000).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  kingdoms: z.array(administeredKingdomSchema),
  /** Unix seconds after which the token no longer works. */
  expiresAt: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sessionResponseSchema = loginResponseSchema.omit({ token: true });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const userListItemSchema = sessionUserSchema.extend({ createdAt: z.number().int() });
export type UserListItemInfo = z.infer<typeof userListItemSchema>;

export const usersResponseSchema = z.object({ users: z.array(userListItemSchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

export const createUserBodySchema = z.object({
  username: z.string().max(64).optional(),
  password: z.string().max(1000).optional(),
  /** SPEC §6: admin unless said otherwise. */
  role: userRoleSchema.default('admin'),
  /** For role admin: the kingdoms the new user administers. */
  kingdoms: z.array(kd).max(200).default([]),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const USER_CREATED_MESSAGE = 'User created successfully';
/** An admin without a kingdom could sign in to an empty Kingdom Management and do nothing: refused at creation. */
export const ADMIN_NEEDS_KINGDOM_MESSAGE =
  'An admin administers at least one kingdom: choose a kingdom, or make the user a superadmin for the whole site';

export const createUserResponseSchema = z.object({
  message: z.string(),
  user: userListItemSchema,
});

export const userIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,12}$/, 'must be a user id') });

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** SPEC §8's sentences the server answers with too, so the browser can show either. */
export const LOGIN_DISABLED_MESSAGE = 'Login feature is not available right now. Coming soon!';
export const FORBIDDEN_MESSAGE = "You don't have sufficient permissions to access this page.";
export const USERNAME_PASSWORD_REQUIRED = 'Username and password are required';
