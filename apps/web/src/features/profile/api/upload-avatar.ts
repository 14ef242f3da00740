import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@wellbe/shared/schemas/profile';
import { apiUpload } from '../../../lib/api.ts';
import { getSession, updateSessionUser } from '../../../lib/session.ts';
import { profileKey, type ProfileAnswer } from './read-profile.ts';

/** POST /api/profil/avatar (multipart): the server keeps a square thumbnail and sets photoURL. */
export function uploadAvatar(file: File): Promise<Profile> {
  return apiUpload<ProfileAnswer>('/profil/avatar', { avatar: file }).then((answer) => answer.data.data);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(profile.idUser), profile);
      // The toolbar's avatar reads the session user (SPEC §2 user menu).
      const { user } = getSession();
      if (user) updateSessionUser({ ...user, data: { ...user.data, photoURL: profile.photoURL } });
    },
  });
}
