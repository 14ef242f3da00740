// MUI's texts in this language, in a chunk of its own (lib/theme-locale.ts).
export { enUS as default } from '@mui/material/locale';
