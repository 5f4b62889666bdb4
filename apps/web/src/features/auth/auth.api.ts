import type { z } from 'zod';
import type {
  AcceptInvitationBody,
  ForgotPasswordBody,
  invitationPreviewSchema,
  LoginBody,
  ResetPasswordBody,
  SessionInfo,
  SignupAccepted,
  SignupBody,
} from '@fieldwork/domain/access/auth.schemas';
import { api, type DataOf } from '../../lib/api-client';

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

// Sign-in calls answer 401 for a wrong password; that is a form error, not a dead session.
const quiet = { skipAuthRedirect: true };

export const authApi = {
  login: async (body: LoginBody) => (await api.post<DataOf<SessionInfo>>('/auth/login', body, quiet)).data,
  setup: async (body: SignupBody) => (await api.post<DataOf<SessionInfo>>('/auth/setup', body, quiet)).data,
  signup: async (body: SignupBody) => (await api.post<DataOf<SignupAccepted>>('/auth/signup', body, quiet)).data,
  invitation: async (token: string) => (await api.get<DataOf<InvitationPreview>>('/auth/invitation', { query: { token }, ...quiet })).data,
  acceptInvitation: async (body: AcceptInvitationBody) => (await api.post<DataOf<SessionInfo>>('/auth/accept-invitation', body, quiet)).data,
  forgotPassword: async (body: ForgotPasswordBody) => (await api.post<DataOf<{ message: string }>>('/auth/forgot-password', body, quiet)).data,
  resetPassword: async (body: ResetPasswordBody) => (await api.post<DataOf<SessionInfo>>('/auth/reset-password', body, quiet)).data,
  verifyEmail: async (token: string) => (await api.post<DataOf<{ message: string }>>('/auth/verify-email', { token }, quiet)).data,
};
