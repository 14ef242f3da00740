import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup());

// findBy/waitFor wait for what a user would wait for; the 1 s default fails on a loaded machine
// while the screen is still rendering, not because it is wrong.
configure({ asyncUtilTimeout: 5_000 });
