import { useRef, type ChangeEvent } from 'react';
import { Avatar, Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { useTranslation } from 'react-i18next';
import { hasPhoto } from '@wellbe/shared/constants';
import { AVATAR_MAX_BYTES, type Profile } from '@wellbe/shared/schemas/profile';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { translateMessage } from './messages.ts';

const ACCEPTED = ['image/png', 'image/jpeg'];

function initials(profile: Profile): string {
  return `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() || profile.username.charAt(0).toUpperCase();
}

/** The profile photo (SPEC §9: a default avatar when photoURL is empty or 'NULL') and its upload. */
export function AvatarPicker({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.username;

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // Checked here to spare a useless upload; the server checks the bytes again.
    if (!ACCEPTED.includes(file.type)) return notify(t('avatar.type'), 'error');
    if (file.size > AVATAR_MAX_BYTES) return notify(t('avatar.tooLarge'), 'error');
    try {
      await upload.mutateAsync(file);
      notify(t('avatar.saved'), 'success');
    } catch (err) {
      if (isApiError(err) && err.status === 401) return;
      notify(translateMessage(t, err instanceof Error ? err.message : String(err)) ?? '', 'error');
    }
  }

  return (
    // A positioned box, not a MUI Badge: the badge slot is aria-hidden and would hide the button.
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <Avatar
        src={hasPhoto(profile.photoURL) ? profile.photoURL : undefined}
        alt={t('avatar.alt', { name })}
        sx={{ width: 112, height: 112, fontSize: 40, bgcolor: 'primary.main' }}
      >
        {initials(profile)}
      </Avatar>
      <Tooltip title={`${t('avatar.change')} (${t('avatar.hint')})`}>
        <Box component="span" sx={{ position: 'absolute', insetInlineEnd: -4, bottom: -4 }}>
          <IconButton
            size="small"
            aria-label={t('avatar.change')}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            sx={{ bgcolor: 'background.paper', boxShadow: 2, '&:hover': { bgcolor: 'background.paper' } }}
          >
            {upload.isPending ? <CircularProgress size={18} aria-label={t('avatar.uploading')} /> : <PhotoCamera fontSize="small" />}
          </IconButton>
        </Box>
      </Tooltip>
      <input ref={input} type="file" accept="image/png,image/jpeg" hidden aria-label={t('avatar.change')} data-testid="avatar-input" onChange={(e) => void pick(e)} />
    </Box>
  );
}
