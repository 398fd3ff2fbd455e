import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./client'),
  publicDir: here('./client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': here('./shared'),
      '@client': here('./client/src'),
    },
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/objects': 'http://127.0.0.1:5000',
    },
  },
});
