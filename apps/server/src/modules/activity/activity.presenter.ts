import type { Activity, ActivityAction, ActivityChange } from '@fieldwork/domain/jobs/activity.schemas';
import { photoUrl } from '../account-core/users.presenter.ts';

type Row = {
  id: string;
  action: string;
  message: string;
  meta: string;
  created_at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_photo: string | null;
};

export function toActivityDto(row: Row): Activity {
  return {
    _id: row.id,
    action: row.action as ActivityAction,
    message: row.message,
    createdBy: row.actor_id
      ? { userId: row.actor_id, username: row.actor_name ?? '', profileImg: photoUrl({ id: row.actor_id, photo_file_id: row.actor_photo }) }
      : null,
    createdAt: row.created_at,
    meta: JSON.parse(row.meta) as ActivityChange[],
  };
}
