import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: Vite on 5173 with hot reload; API, auth and the live socket go to the server.
const server = process.env.ROSTRA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, ws: true },
      '/healthz': server,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
