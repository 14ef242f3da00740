import { Tag } from './tag.tsx';

/** The chip colour of an appointment status (agenda and /appointment). */
export function statusColour(status: string): 'default' | 'success' | 'error' {
  // Filled chips in the palette's warning/info colours fail axe's contrast: only the dark ones.
  return status === 'honoré' ? 'success' : status === 'annulé' || status === 'absent' ? 'error' : 'default';
}

/**
 * An appointment's status drawn like the filled small Chip of the agenda (same colours), without
 * MUI's Chip: the dashboard's cards load before its first requests answer (issue 13).
 */
export function StatusTag({ status, label }: { status: string; label: string }) {
  const colour = statusColour(status);
  return <Tag label={label} sx={colour === 'default' ? undefined : { bgcolor: `${colour}.main`, color: `${colour}.contrastText` }} />;
}
