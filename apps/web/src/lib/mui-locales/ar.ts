// MUI's texts in this language, in a chunk of its own (lib/theme-locale.ts).
export { arSD as default } from '@mui/material/locale';
