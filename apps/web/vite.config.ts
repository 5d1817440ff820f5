import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
 * One chunk per step of a first load rather than dozens of small ones split by which screens share
 * them: on a phone's six connections each file is a 562 ms round trip (docs/performance.md, "Web
 * app: first load on a phone"). Each module goes to the first of these whose static imports reach
 * it; filled when the module graph is complete, before chunking. The page's entry (app/boot.ts)
 * keeps only what it needs to start the first requests.
 */
const FIRST_LOAD_CHUNKS = [
  { name: 'app', root: '/src/main.tsx' },
  { name: 'sign-in', root: '/features/sign-in/sign-in-screen.tsx' },
  { name: 'shell-layout', root: '/shell/shell-layout.tsx' },
  { name: 'my-day', root: '/features/job-life/bookings-entry.tsx' },
] as const;
const chunkOf = new Map<string, string>();

/** lucide-react's index, which re-exports every icon (a module each). */
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** Each icon's name → its module, read from lucide-react's index. */
function iconModules(indexId: string): Map<string, string> {
  const byName = new Map<string, string>();
  const text = readFileSync(indexId, 'utf8');
  for (const [, names = '', file = ''] of text.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    const id = join(dirname(indexId), file);
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) byName.set(name, id);
  }
  return byName;
}

function firstLoadChunks(): Plugin {
  return {
    name: 'rostra-first-load-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const index = ids.find((id) => ICON_INDEX.test(id));
      const icons = index ? iconModules(index) : new Map<string, string>();
      // Every module a root's static imports reach; through lucide-react's index every icon would
      // come along: only the icons named go.
      const reach = (root: string, into = new Set<string>()) => {
        const visit = (id: string) => {
          if (into.has(id) || ICON_INDEX.test(id)) return;
          into.add(id);
          const info = this.getModuleInfo(id);
          for (const [, names = ''] of info?.code?.matchAll(
            /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
          ) ?? []) {
            for (const part of names.split(',')) {
              const icon = icons.get(part.trim().split(/\s+as\s+/)[0] ?? '');
              if (icon) visit(icon);
            }
          }
          for (const next of info?.importedIds ?? []) visit(next);
        };
        visit(root);
        return into;
      };
      const rootOf = (root: string) => {
        const id = ids.find((i) => i.endsWith(root));
        if (!id) this.error(`${root} not found: the first-load chunks are out of date`);
        return id;
      };
      // What the entry itself needs stays in the entry.
      for (const id of ids) {
        if (this.getModuleInfo(id)?.isEntry)
          for (const m of reach(id)) if (!chunkOf.has(m)) chunkOf.set(m, '');
      }
      // A module both the sign-in page and the signed-in shell need goes with the app, which both
      // load: else a worker's first load would fetch the whole sign-in chunk for one shared icon.
      const signedIn = new Set<string>();
      for (const { name, root } of FIRST_LOAD_CHUNKS)
        if (name !== 'app' && name !== 'sign-in') reach(rootOf(root), signedIn);
      for (const { name, root } of FIRST_LOAD_CHUNKS) {
        for (const m of reach(rootOf(root))) {
          if (chunkOf.has(m)) continue;
          chunkOf.set(m, name === 'sign-in' && signedIn.has(m) ? 'app' : name);
        }
      }
    },
  };
}

/**
 * The app's own chunk, what it imports and its styles, in the HTML: they are on their way while
 * the entry (app/boot.ts) starts the first requests, not a round trip after it.
 */
function preloadApp(): Plugin {
  return {
    name: 'rostra-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const app = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith('/src/main.tsx')),
        );
        if (app?.type !== 'chunk') throw new Error('the app chunk (src/main.tsx) is not in the bundle');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || chunk?.type !== 'chunk') return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const next of chunk.imports) add(next);
        };
        add(app.fileName);
        const tag = (rel: string, file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        });
        return [
          ...[...scripts]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => tag('modulepreload', file)),
          ...[...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => tag('stylesheet', file)),
        ];
      },
    },
  };
}

/**
 * The entry runs as soon as it has arrived (`async`), not once the styles have too: a module
 * script in the page's head otherwise waits for every style sheet before it runs, and the boot
 * module's first requests with it (docs/performance.md). Nothing shows unstyled: the style sheet
 * still holds the first paint back. boot.ts waits for the page to be parsed before the app starts.
 */
function asyncEntry(): Plugin {
  return {
    name: 'rostra-async-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
        if (!entry.test(html)) throw new Error('the entry script is not in the page');
        return html.replace(entry, '<script type="module" async crossorigin src="$1"></script>');
      },
    },
  };
}

/**
 * `first-load.json` beside `index.html`: each first-load chunk's script and every script it
 * imports that the page does not name already. The server adds them to the page it sends for a
 * path (apps/server/src/http/web-app.ts, core's `firstLoadOf`), so that a screen's code is on its
 * way with the app's rather than after the boot module has run.
 */
function firstLoadManifest(): Plugin {
  return {
    name: 'rostra-first-load-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const closure = (file: string, into: Set<string>) => {
        const chunk = bundle[file];
        if (into.has(file) || chunk?.type !== 'chunk') return into;
        into.add(file);
        for (const next of chunk.imports) closure(next, into);
        return into;
      };
      const app = chunks.find((c) => c.name === 'app');
      const entry = chunks.find((c) => c.isEntry);
      if (!app || !entry) this.error('the app chunk or the entry is not in the bundle');
      const inPage = closure(entry.fileName, closure(app.fileName, new Set()));
      const manifest: Record<string, string[]> = {};
      for (const { name } of FIRST_LOAD_CHUNKS.filter((c) => c.name !== 'app')) {
        const chunk = chunks.find((c) => c.name === name);
        if (!chunk) this.error(`the first-load chunk ${name} is not in the bundle`);
        manifest[name] = [...closure(chunk.fileName, new Set())]
          .filter((f) => !inPage.has(f))
          .map((f) => `/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'first-load.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    firstLoadChunks(),
    preloadApp(),
    firstLoadManifest(),
    asyncEntry(),
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
        // The first load's chunks (above), then the other screens' icons (lucide-react, a module
        // each) in one chunk: split by which screens share them they made dozens of tiny files.
        codeSplitting: {
          groups: [
            ...FIRST_LOAD_CHUNKS.map(({ name }, i) => ({
              name,
              test: (id: string) => chunkOf.get(id) === name,
              includeDependenciesRecursively: false,
              priority: 10 - i,
            })),
            {
              name: 'icons',
              test: /[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
