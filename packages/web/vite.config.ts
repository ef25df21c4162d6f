import tailwind from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Dev mode proxies the API, the live channel and the server's assets to the server on 8080. */
const server = process.env.OEX_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwind()],
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace('http', 'ws'), ws: true },
      '/coins': server,
      '/banners': server,
      '/dev': server,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
