import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import type { ChangePasswordBody, UpdateProfileBody } from '@fieldwork/domain/access/users.schemas';
import type { UserNotices, UserNoticesBody } from '@fieldwork/domain/texts/text-preferences.schemas';
import { api, type DataOf } from '../../lib/api-client';
import { refuseOversizedImage } from '../../lib/image-check';

export const noticesKey = ['user', 'notices'] as const;

export const profileApi = {
  // Profile writes answer with the refreshed session (user, company, capabilities).
  update: async (body: UpdateProfileBody) => (await api.put<DataOf<SessionInfo>>('/user/profile', body)).data,
  uploadPhoto: async (file: File) => {
    await refuseOversizedImage(file, 'profilePhoto');
    const data = new FormData();
    data.append('file', file);
    return api.put<DataOf<SessionInfo>>('/user/profile/photo', data).then((r) => r.data);
  },
  deletePhoto: async () => (await api.delete<DataOf<SessionInfo>>('/user/profile/photo')).data,
  changePassword: (body: ChangePasswordBody) => api.put('/user/profile/password', body),
  notices: async () => (await api.get<DataOf<UserNotices>>('/user/notices')).data,
  saveNotices: async (body: UserNoticesBody) => (await api.put<DataOf<UserNotices>>('/user/notices', body)).data,
};
