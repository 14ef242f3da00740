import { createRoot } from 'react-dom/client';
import { Button, TextField } from '@mui/material';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';

// The anchor of `npm run bench:web` (issue 31): a plain Vite + React + MUI page, one Button and
// one TextField, built with the app's compression and served by the app's static plugin, so that
// its score, measured in the same run, tells how much of a page's score is the machine's load.
createRoot(document.getElementById('root')!).render(
  <main style={{ padding: 24, display: 'grid', gap: 16, maxWidth: 360 }}>
    <TextField label="Nom" />
    <Button variant="contained">Valider</Button>
  </main>,
);
