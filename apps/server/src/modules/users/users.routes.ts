import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionSchema } from '@fieldwork/domain/access/auth.schemas';
import { userNoticesBody, userNoticesSchema } from '@fieldwork/domain/texts/text-preferences.schemas';
import { dataOf, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import {
  changePasswordBody,
  changeRoleBody,
  changeStatusBody,
  createInvitationBody,
  createdInvitationSchema,
  invitationSchema,
  invitedListQuery,
  managedAccountQuery,
  managedAccountSchema,
  PROFILE_PHOTO_MAX_BYTES,
  updateProfileBody,
  updateUserBody,
  userListQuery,
  userSchema,
} from '@fieldwork/domain/access/users.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { sessionInfo } from '../auth/sessions.service.ts';
import { createInvitation, getInvitation, listInvited, revokeInvitation } from './invitations.service.ts';
import { changePassword, getUserPhoto, managedAccounts, removeProfilePhoto, setProfilePhoto, updateProfile } from './profile.service.ts';
import { getNotices, saveNotices } from './notices.service.ts';
import { changeRole, changeStatus, getTeamMember, listTeam, updateTeamMember } from './users.service.ts';

const userResponse = dataOf(userSchema);
const sessionResponse = dataOf(sessionSchema);

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/api/user/profile',
    {
      preHandler: guard('profile.self'),
      schema: { tags, summary: 'The signed-in user, their company and capabilities', response: { 200: sessionResponse } },
    },
    async (request) => {
      const { viewer } = requireAuth(request);
      return { data: await sessionInfo(app.db, viewer.tenantId, viewer.userId) };
    },
  );

  r.put(
    '/api/user/profile',
    {
      preHandler: guard('profile.self'),
      schema: { tags, summary: 'Update own name and phone', body: updateProfileBody, response: { 200: sessionResponse } },
    },
    async (request) => ({ data: await updateProfile(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.get(
    '/api/user/notices',
    {
      preHandler: guard('profile.self'),
      schema: {
        tags,
        summary: 'How the signed-in user hears of tasks assigned to them or moved, and the number texts go to',
        response: { 200: dataOf(userNoticesSchema) },
      },
    },
    async (request) => ({ data: await getNotices(app.db, requireAuth(request).viewer) }),
  );

  r.put(
    '/api/user/notices',
    {
      preHandler: guard('profile.self'),
      schema: {
        tags,
        summary: 'Choose off, email or text for task notices (text needs a mobile number on the profile)',
        body: userNoticesBody,
        response: { 200: dataOf(userNoticesSchema) },
      },
    },
    async (request) => ({ data: await saveNotices(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.put(
    '/api/user/profile/password',
    {
      preHandler: guard('profile.self'),
      schema: { tags, summary: 'Change own password; ends the other sessions', body: changePasswordBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await changePassword(app.db, auth.viewer, auth.sessionIdHash, request.body);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/user/profile/photo',
    {
      preHandler: guard('profile.self'),
      schema: {
        tags,
        summary: 'Upload own photo (multipart field "file": PNG, JPEG or WebP, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: sessionResponse },
      },
    },
    async (request) => ({ data: await setProfilePhoto(app.db, requireAuth(request).viewer, request) }),
  );

  r.delete(
    '/api/user/profile/photo',
    {
      preHandler: guard('profile.self'),
      schema: { tags, summary: 'Remove own photo', response: { 200: sessionResponse } },
    },
    async (request) => ({ data: await removeProfilePhoto(app.db, requireAuth(request).viewer) }),
  );

  r.get(
    '/api/user/:id/photo',
    {
      preHandler: guard('profile.self'),
      schema: { tags, summary: "A team member's photo", params: idParams },
    },
    async (request, reply) => {
      const photo = await getUserPhoto(app.db, requireAuth(request).viewer.tenantId, request.params.id);
      return reply
        .header('content-type', photo.contentType)
        .header('content-disposition', 'inline; filename="photo"')
        .header('cache-control', 'private, max-age=86400')
        .send(photo.data);
    },
  );

  r.get(
    '/api/user/managed-account',
    {
      preHandler: guard('profile.self'),
      schema: { tags, summary: 'Companies the signed-in login manages', querystring: managedAccountQuery, response: { 200: itemsPage(managedAccountSchema) } },
    },
    async (request) => managedAccounts(app.db, requireAuth(request).viewer, request.query),
  );

  r.get(
    '/api/user',
    {
      preHandler: guard('users.read'),
      schema: { tags, summary: 'Team members of the company', querystring: userListQuery, response: { 200: itemsPage(userSchema) } },
    },
    async (request) => listTeam(app.db, requireAuth(request).viewer.tenantId, request.query),
  );

  r.get(
    '/api/user/invited',
    {
      preHandler: guard('users.manage'),
      schema: { tags, summary: 'Invitations sent', querystring: invitedListQuery, response: { 200: itemsPage(invitationSchema) } },
    },
    async (request) => listInvited(app.db, requireAuth(request).viewer.tenantId, request.query),
  );

  r.post(
    '/api/user/invitation',
    {
      preHandler: guard('users.manage'),
      schema: {
        tags,
        summary: 'Invite someone by email; answers the link to send them',
        body: createInvitationBody,
        response: { 201: dataOf(createdInvitationSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createInvitation(app, request, requireAuth(request).viewer, request.body) }),
  );

  r.get(
    '/api/user/invitation/:id',
    {
      preHandler: guard('users.manage'),
      schema: { tags, summary: 'One invitation', params: idParams, response: { 200: dataOf(invitationSchema) } },
    },
    async (request) => ({ data: await getInvitation(app.db, requireAuth(request).viewer.tenantId, request.params.id) }),
  );

  r.delete(
    '/api/user/invitation/:id',
    {
      preHandler: guard('users.manage'),
      schema: { tags, summary: 'Revoke a pending invitation', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, requireAuth(request).viewer.tenantId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/user/:id',
    {
      preHandler: guard('users.read'),
      schema: { tags, summary: 'One team member', params: idParams, response: { 200: userResponse } },
    },
    async (request) => ({ data: await getTeamMember(app.db, requireAuth(request).viewer.tenantId, request.params.id) }),
  );

  r.put(
    '/api/user/:id',
    {
      preHandler: guard('users.manage'),
      schema: {
        tags,
        summary: 'Edit a team member: name, phone, qualification tags, operating zones',
        params: idParams,
        body: updateUserBody,
        response: { 200: userResponse },
      },
    },
    async (request) => ({ data: await updateTeamMember(app.db, requireAuth(request).viewer.tenantId, request.params.id, request.body) }),
  );

  r.patch(
    '/api/user/:id/role',
    {
      preHandler: guard('users.manage'),
      schema: { tags, summary: 'Change role and work-order access', params: idParams, body: changeRoleBody, response: { 200: userResponse } },
    },
    async (request) => ({ data: await changeRole(app.db, requireAuth(request).viewer.tenantId, request.params.id, request.body) }),
  );

  r.patch(
    '/api/user/:id/status',
    {
      preHandler: guard('users.manage'),
      schema: {
        tags,
        summary: 'Disable (ends all sessions at once) or re-enable a user',
        params: idParams,
        body: changeStatusBody,
        response: { 200: userResponse },
      },
    },
    async (request) => ({ data: await changeStatus(app.db, requireAuth(request).viewer, request.params.id, request.body.status) }),
  );
}
