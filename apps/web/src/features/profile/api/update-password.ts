import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UserUpdate } from '@wellbe/shared/schemas/profile';
import { apiAction, renewingToken } from '../../../lib/api.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import { profileKey, type ProfileAnswer } from './read-profile.ts';

/**
 * SPEC §7 POST /api/profil action updatePassword, whose answer is the profile re-read. The change revokes
 * every older token (SPEC §5 password change): the fresh `access_token` of the answer is stored so this session
 * goes on.
 */
export function updatePassword(userUpdate: UserUpdate): Promise<{ token: string; profile: Profile }> {
  return renewingToken(async () => {
    const answer = await apiAction<ProfileAnswer & { access_token: string }>('/profil', 'updatePassword', { userUpdate });
    const token = answer.access_token;
    const { user } = getSession();
    if (user) setSession({ ...user, data: { ...user.data, token } }, token);
    return { token, profile: answer.data.data };
  });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    // The answer is the profile as the server now holds it (the read's own shape): the screen shows
    // it at once. SPEC §7's re-read follows, with the new token; the message does not wait for it.
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileKey(profile.idUser), profile);
      void queryClient.invalidateQueries({ queryKey: profileKey(profile.idUser) });
    },
  });
}
