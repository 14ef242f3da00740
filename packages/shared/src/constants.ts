// SPEC §9 business constants and limits.
export const API_TIMEOUT_MS = 25_000;
export const TOKEN_LIFETIME_MINUTES = 60;
export const TOKEN_LIFETIME_SECONDS = TOKEN_LIFETIME_MINUTES * 60;
export const MAX_UPLOAD_BYTES = 50_000_000;
export const SUCCESS_ALERT_MS = 2_000;
export const MAX_SNACKS = 5;
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;
export const SIDE_PANEL_WIDTH = 120;
export const SIDE_PANEL_DENSE_WIDTH = 64;
export const CHAT_PANEL_WIDTH = 360;
export const CHAT_PANEL_SMALL_WIDTH = 320;
export const DISPLAY_NAME_MAX = 16;
export const PASSWORD_MIN_LENGTH = 11;
export const CONTAINER_WIDTH = 1570;
export const PANEL_HEIGHT_RATIO = 3 / 4;
export const LANGUAGES = ['fr', 'en', 'tr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const FALLBACK_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const NAVBAR_STYLES = ['style-1', 'style-2', 'style-3', 'style-3-dense'] as const;
export type NavbarStyle = (typeof NAVBAR_STYLES)[number];
export const LAYOUT = 'layout4';
/** Upload accept list (SPEC §5). */
export const UPLOAD_EXTENSIONS = ['.jpg', '.png', '.jpeg', '.pdf', '.doc', '.docx'] as const;
/** The file input's `accept` for the same extensions (SPEC §5). */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.join(',');

/** SPEC §9: display name cut at 16 characters plus an ellipsis. */
export function truncateDisplayName(name: string): string {
  return name.length > DISPLAY_NAME_MAX ? name.slice(0, DISPLAY_NAME_MAX) + '…' : name;
}

/** SPEC §9: default avatar when the photo URL is empty or 'NULL'. */
export function hasPhoto(photoURL: string | null | undefined): photoURL is string {
  return !!photoURL && photoURL !== 'NULL';
}
