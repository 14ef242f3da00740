import type { NoteColour } from '@wellbe/shared/schemas/notes';

/** Pastel card backgrounds: dark text stays readable on each (WCAG AA). */
export const NOTE_BACKGROUNDS: Record<NoteColour, string> = {
  default: '#ffffff',
  red: '#fbd9d3',
  orange: '#fde6c8',
  yellow: '#fff6bf',
  green: '#dcf5d4',
  teal: '#d1f2ec',
  blue: '#d6e9fb',
  purple: '#e8ddf8',
  pink: '#fbe0ee',
  grey: '#eceff1',
};
