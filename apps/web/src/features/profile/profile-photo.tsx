import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '@fieldwork/domain/access/users.schemas';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { FieldError } from '../../components/field';
import { SESSION_KEY, useSession } from '../../lib/auth-context';
import { profileApi } from './profile.api';

/** Checked here only to save a pointless upload; the server enforces the same limits. */
export function photoProblem(file: File): string | null {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return 'The image must be 2 MB or smaller.';
  return null;
}

export function ProfilePhoto() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = (session: SessionInfo) => queryClient.setQueryData(SESSION_KEY, session);
  const upload = useMutation({
    mutationFn: profileApi.uploadPhoto,
    onSuccess: (session) => (toast.success('Photo updated'), refresh(session)),
    onError: (e) => setProblem(e.message),
  });
  const remove = useMutation({
    mutationFn: profileApi.deletePhoto,
    onSuccess: (session) => (toast.success('Photo removed'), refresh(session)),
    onError: (e) => setProblem(e.message),
  });

  const onPick = (file: File | undefined) => {
    if (!file) return;
    const issue = photoProblem(file);
    setProblem(issue);
    if (!issue) upload.mutate(file);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={user.name} src={user.profileImageUrl} size={72} />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="profile-photo-input"
            type="file"
            accept={PROFILE_PHOTO_TYPES.join(',')}
            className="sr-only"
            aria-label="Upload photo"
            onChange={(e) => onPick(e.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
            {user.profileImageUrl ? 'Change photo' : 'Upload photo'}
          </Button>
          {user.profileImageUrl ? (
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove photo
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted">PNG, JPEG or WebP, up to 2 MB.</p>
        <FieldError message={problem ?? undefined} />
      </div>
    </div>
  );
}
