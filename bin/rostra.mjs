#!/usr/bin/env node
// The single `rostra` command. The server's TypeScript (apps/server, packages/core, packages/db) runs
// as JavaScript that esbuild bundles into apps/server/node_modules/.cache/rostra-server: built on the first run
// after a clone or an `npm install`, and again whenever a source is newer than the build (a pull, an
// edit), so a fresh clone needs only `npm install`, with no install script. npm packages stay
// outside the bundle and load from node_modules as usual.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['apps/server/src', 'packages/core/src', 'packages/db/src'];
/** What else shapes the build: this file (its options) and the workspaces' package.json (exports). */
const INPUTS = [
  'bin/rostra.mjs',
  'apps/server/package.json',
  'packages/core/package.json',
  'packages/db/package.json',
];
// Under apps/server: npm may keep some of the server's packages in apps/server/node_modules, and
// the bundle finds its packages from where it lies.
const CACHE = join(ROOT, 'apps', 'server', 'node_modules', '.cache', 'rostra-server');

const EXTERNAL = [
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  'fastify',
  '@fastify',
  'pino',
  'prom-client',
  'nodemailer',
  '@aws-sdk',
  'esbuild',
];

/**
 * Newest modification time of what the build is made from, directories included (a file removed
 * or renamed changes its folder's); tests are not in the build and do not count.
 */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of SOURCES) walk(join(ROOT, dir));
  for (const file of INPUTS) newest = Math.max(newest, statSync(join(ROOT, file)).mtimeMs);
  return Math.floor(newest);
}

/**
 * Bundles main.ts (each subcommand a chunk of its own, loaded when called) into a temporary folder
 * renamed into place at the end: processes starting at once (tests, instances on one machine)
 * each build, the first rename wins and the others use it; never a half-written build.
 */
async function build(folder) {
  const { build: esbuild } = await import('esbuild');
  const { readFile } = await import('node:fs/promises');
  const out = `${folder}.${process.pid}.tmp`;
  await esbuild({
    entryPoints: { main: join(ROOT, 'apps/server/src/main.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    // Bundled CommonJS packages call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __rostraRequire } from 'node:module'; const require = __rostraRequire(import.meta.url);",
    },
    logLevel: 'error',
    plugins: [
      {
        name: 'rostra',
        setup(b) {
          // Packages that read files beside their own code, load native or WebAssembly parts, or
          // are only needed by some commands load from node_modules; the rest is bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            EXTERNAL.some((e) => args.path === e || args.path.startsWith(`${e}/`))
              ? { external: true }
              : undefined,
          );
          // Paths relative to a source file (the migrations, the built web app) resolve from it.
          b.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  try {
    renameSync(out, folder);
  } catch {
    rmSync(out, { recursive: true, force: true });
  }
  // Older builds go, all but the last two before this one (a process just started may use one).
  const builds = readdirSync(CACHE)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const old of builds.slice(3)) rmSync(join(CACHE, old), { recursive: true, force: true });
}

const folder = join(CACHE, String(newestSource()));
const entry = join(folder, 'main.mjs');
if (!existsSync(entry)) {
  // Only to a person at a terminal: scripts read stdout and stderr of `rostra allocate` by the
  // contract (shared/contracts/allocation.md), and a pull must not change what they see.
  if (process.stderr.isTTY && process.env.ROSTRA_BUILD_QUIET !== '1')
    process.stderr.write(`rostra: building the server into ${relative(process.cwd(), folder)} …\n`);
  mkdirSync(CACHE, { recursive: true });
  await build(folder);
}
await import(pathToFileURL(entry).href);
