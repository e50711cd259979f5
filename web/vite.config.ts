import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist at the same origin, so the app only uses relative URLs.
// In `vite dev` / `vite preview` the API and the realtime socket are proxied to the gateway.
const GATEWAY = process.env.CSKH_GATEWAY ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: GATEWAY, changeOrigin: true },
  '/socket.io': { target: GATEWAY, changeOrigin: true, ws: true },
};

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
