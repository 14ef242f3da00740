import { Button, Menu, MenuItem } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCall } from '@wellbe/shared/schemas/video';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { inviteColleague, useColleagues } from './api.ts';

/** The host invites one colleague of the practice into the call (they join from the same page). */
export function InviteColleague({ call }: { call: VideoCall }) {
  const { t } = useTranslation('video');
  const me = useSession().user?.id;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const invited = call.participants.find((p) => p.role === 'colleague');
  const colleagues = useColleagues(!!anchor);
  if (call.myRole !== 'practitioner' || !call.callId) return null;
  if (invited) return null;
  const choose = async (userId: string) => {
    setAnchor(null);
    try {
      await inviteColleague(call.callId!, userId);
    } catch (e) {
      notify(isApiError(e) ? e.message : String(e), 'error');
    }
  };
  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {t('call.invite')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(colleagues.data ?? [])
          .filter((c) => c.id !== me)
          .map((c) => (
            <MenuItem key={c.id} onClick={() => void choose(c.id)}>
              {c.displayName}
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
