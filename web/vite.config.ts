import { defineConfig } from 'vite';

// A static folder that works from any sub-path and offline: relative asset
// URLs, the worker as an ES module, nothing loaded from elsewhere.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  worker: {
    format: 'es',
  },
});
