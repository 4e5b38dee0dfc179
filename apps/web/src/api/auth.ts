import {
  type CreateUserBody,
  createUserResponseSchema,
  type LoginResponse,
  loginResponseSchema,
  messageResponseSchema,
  type UsersResponse,
  usersResponseSchema,
} from '@kingdom-stats/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../auth/session.ts';
import { apiDelete, apiGet, apiPost, segment } from './client.ts';

/** POST /auth/login. */
export function login(username: string, password: string): Promise<LoginResponse> {
  return apiPost('/auth/login', { username, password }, { schema: loginResponseSchema });
}

/**
 * SPEC §4 Sign Out: the server revokes the session, the browser forgets it and every cached answer, and goes to
 * /login. A failed call (offline, server gone) still signs out locally: the token is then useless to this browser.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiPost('/auth/logout', undefined, { schema: messageResponseSchema });
    } catch {
      // Nothing to do: the local sign-out below is what the person asked for.
    }
    signOut('signed-out');
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}

export const userKeys = { all: ['users'] as const };

/** GET /auth/users (superadmin). */
export function useUsers() {
  return useQuery<UsersResponse>({
    queryKey: userKeys.all,
    queryFn: ({ signal }) => apiGet('/auth/users', { signal, schema: usersResponseSchema }),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => apiPost('/auth/users', body, { schema: createUserResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/auth/users/${segment(id)}`, { schema: messageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
