import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  // WEB_OUT_DIR lets parallel end-to-end runs build into their own folder.
  build: { outDir: process.env.WEB_OUT_DIR ?? 'dist', emptyOutDir: true, sourcemap: false },
});
