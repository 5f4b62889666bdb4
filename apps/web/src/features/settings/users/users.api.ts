import type { z } from 'zod';
import type { ChangeRoleBody, CreateInvitationBody, Invitation, updateUserBody, User, UserStatus } from '@fieldwork/domain/access/users.schemas';
import { api, fromItemsPage, type DataOf, type DataPage, type ItemsPage, type Query } from '../../../lib/api-client';

/** The edit body as it travels: costRate in dollars (the schema turns it into cents on the server). */
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UsersPage = DataPage<User>;
export type InvitationsPage = DataPage<Invitation>;

export type UserListParams = {
  page: number;
  limit: number;
  search?: string;
  searchBy?: 'name' | 'email';
  status?: UserStatus;
  role?: string;
  orderByKey?: string;
  orderByValue?: 'asc' | 'desc';
  tags?: string[];
  zones?: string[];
};

export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  invited: ['users', 'invited'] as const,
};

export const usersApi = {
  // The user lists answer in the task-document shape ({items, meta}).
  list: async (params: UserListParams): Promise<UsersPage> => fromItemsPage(await api.get<ItemsPage<User>>('/user', { query: params })),
  get: async (id: string) => (await api.get<DataOf<User>>(`/user/${id}`)).data,
  update: async (id: string, body: UpdateUserInput) => (await api.put<DataOf<User>>(`/user/${id}`, body)).data,
  // Paths for role and status changes are not in the brief; they follow the API's REST style.
  changeRole: async (id: string, body: ChangeRoleBody) => (await api.patch<DataOf<User>>(`/user/${id}/role`, body)).data,
  changeStatus: async (id: string, status: UserStatus) => (await api.patch<DataOf<User>>(`/user/${id}/status`, { status })).data,
  invite: async (body: CreateInvitationBody) => (await api.post<DataOf<{ invitation: Invitation; link: string }>>('/user/invitation', body)).data,
  invited: async (params: Query): Promise<InvitationsPage> => fromItemsPage(await api.get<ItemsPage<Invitation>>('/user/invited', { query: params })),
  revokeInvitation: (id: string) => api.delete(`/user/invitation/${id}`),
};
