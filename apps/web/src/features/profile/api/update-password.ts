import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UserUpdate } from '@wellbe/shared/schemas/profile';
import { apiAction, renewingToken } from '../../../lib/api.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import { profileKey, type ProfileAnswer } from './read-profile.ts';

/**
 * SPEC §7 POST /api/profil action updatePassword, then the profile is re-read. The change revokes
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
    onSuccess: async ({ profile }) => {
      await queryClient.invalidateQueries({ queryKey: profileKey(profile.idUser) });
    },
  });
}
