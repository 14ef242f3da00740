import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder entry until the web shell lands: the application itself is built by the shell issue.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>WellBe</main>
  </StrictMode>,
);
