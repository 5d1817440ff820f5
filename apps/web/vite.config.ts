import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// `npm run dev`: Vite on 5173 with hot reload; API, auth and the live socket go to the server.
const server = process.env.ROSTRA_API ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each built script,
 * style and other text asset under assets/, once, at build time: the server sends the copy the
 * browser accepts (apps/server/src/http/web-app.ts) without compressing anything per request.
 */
function precompress(): Plugin {
  return {
    name: 'rostra-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) =>
        /^assets\/.+\.(?:js|mjs|css|svg|json|txt)$/.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const bytes = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * Which modules the shell (menu, top bar, panels) needs beyond the entry and the sign-in page:
 * they go into the shell's own chunk rather than into dozens of small chunks split by which
 * screens also use them. Every screen inside the shell loads the shell, so none loads more; on a
 * phone's six connections each file saved is a 562 ms round trip saved (docs/performance.md,
 * "Web app: first load on a phone"). Filled when the module graph is complete, before chunking.
 */
const shellModules = new Set<string>();

function shellChunk(): Plugin {
  return {
    name: 'rostra-shell-chunk',
    apply: 'build',
    buildEnd() {
      const initial = new Set<string>();
      const walk = (id: string, into: Set<string>, skip?: Set<string>) => {
        if (into.has(id) || skip?.has(id)) return;
        into.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next, into, skip);
      };
      const ids = [...this.getModuleIds()];
      for (const id of ids) {
        if (this.getModuleInfo(id)?.isEntry || id.endsWith('/screens/sign-in/sign-in-screen.tsx'))
          walk(id, initial);
      }
      const shell = ids.find((id) => id.endsWith('/shell/shell-layout.tsx'));
      if (!shell) return this.warn('shell/shell-layout.tsx not found: the shell gets no chunk of its own');
      walk(shell, shellModules, initial);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    shellChunk(),
    // The service worker (src/sw.ts) with the build's precache manifest injected; main.tsx
    // registers it. No web app manifest: the app is not offered for installation.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        globIgnores: ['sw.js', '**/*.map'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, ws: true },
      '/healthz': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The icons (lucide-react, a module each) in one chunk, and the shell's modules in the
        // shell's: split by which screens share them they made dozens of tiny files, and on a
        // phone's six connections each costs a round trip.
        codeSplitting: {
          groups: [
            {
              name: 'icons',
              test: /[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'shell-layout',
              test: (id: string) => shellModules.has(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
