import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The code every first screen runs (React, the router, i18next, emotion, MUI's styling and its
// basic components, react-query) in ONE chunk: over HTTP/1.1 a browser fetches six files at a time,
// so forty small chunks cost seven round trips where one file costs one (issue 13).
const CORE =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|@tanstack\/[^/]+|stylis|clsx|prop-types|react-is|@babel\/runtime)\/|node_modules\/@mui\/material\/(styles|utils|internal|transitions|colors|zero-styled|DefaultPropsProvider|className|GlobalStyles|CssBaseline|Box|Typography|Paper|SvgIcon|ButtonBase|Button|IconButton|Link|Alert|CircularProgress|InputBase|OutlinedInput|FormControl|FormLabel|InputLabel|InputAdornment|FormHelperText|useLazyRipple)\//;
// ...with the app's own first-screen modules that lazy chunks share (else each is a file of its own).
const SHELL = /\/apps\/web\/src\/(i18n\/i18n|lib\/(api|token|notify|session|query-client|query-keys)|components\/(logo|splash|page-loader|demo-badge|language-switcher|outlined-field))\.tsx?$|\/packages\/shared\/src\/(constants|routes|roles|permissions|errors)\.ts$/;

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  // WEB_OUT_DIR lets parallel end-to-end runs build into their own folder.
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'core', test: CORE }, { name: 'core', test: SHELL }] } } },
  },
});
