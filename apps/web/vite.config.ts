import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const sharedSrc = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const webSrc = fileURLToPath(new URL('./src/', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // The shared package is compiled from source, so the web build never waits for its dist.
      { find: /^@omnicare\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` },
      { find: /^@\/(.*)$/, replacement: `${webSrc}$1` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports, in the entry's chunk: split among the screens' shared
            // chunks it came as ten files, each a request with its own headers.
            { name: 'index', tags: ['$initial'], priority: 1 },
            // The icons in one chunk: as many tiny chunks they cost a request each (their
            // headers weighed as much as they did) for a few hundred bytes.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            // The signed-in frame's own small parts (ui, layout, list and feedback components):
            // every screen draws them, and apart they came as some thirty files of a few hundred
            // bytes, each a request whose headers weighed as much as its body.
            {
              name: 'frame',
              test: /apps[\\/]web[\\/]src[\\/](app[\\/]layout|components[\\/](ui|layout|list|feedback))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/v2': apiTarget,
      '/docs': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
