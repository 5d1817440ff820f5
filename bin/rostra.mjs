#!/usr/bin/env node
// The single `rostra` command. The server's TypeScript (apps/server, packages/core, packages/db) runs
// as JavaScript that esbuild bundles into apps/server/node_modules/.cache/rostra-server: built on the first run
// after a clone or an `npm install`, and again whenever a source is newer than the build (a pull, an
// edit), so a fresh clone needs only `npm install`, with no install script. Each subcommand is one
// CommonJS file with the npm packages it uses (but those listed in EXTERNAL), run with V8's code
// cache (see `load`).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

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

/**
 * npm packages left out of the bundle, loaded from node_modules: native add-ons (ws's optional
 * ones, pg-native), pino's pretty-printer (run in a worker thread by name), and the large ones only
 * some commands or the first send need (the S3 client, nodemailer, web-push). The rest, Fastify and
 * its CommonJS plugins included, is bundled: one file to read and compile from V8's code cache
 * instead of hundreds to resolve and compile at every start.
 */
const EXTERNAL = [
  'pg-native',
  'pino-pretty',
  'bufferutil',
  'utf-8-validate',
  'nodemailer',
  'web-push',
  '@aws-sdk',
  'esbuild',
];

/**
 * Bundled npm packages that find files beside their own code: their `__dirname`, `__filename`
 * and `import.meta.url` keep pointing into node_modules (PGlite's WebAssembly and file-system
 * bundle, swagger-ui's assets, pino's and thread-stream's worker scripts).
 */
const LOCATED =
  /[\\/]node_modules[\\/](@electric-sql[\\/]pglite|@fastify[\\/]swagger-ui|pino|thread-stream)[\\/].*\.c?js$/;

/** The subcommands, each bundled apart (cli.ts loads `cli/<file>.ts` for each). */
const COMMANDS = {
  serve: 'serve',
  migrate: 'db',
  seed: 'db',
  allocate: 'allocate',
  files: 'files',
  versions: 'versions',
  import: 'import',
};

/** The bundle a command line runs: cli.ts's choice of subcommand (`serve` by default), or `help`. */
function bundleFor(argv) {
  const first = argv[2];
  const name =
    first === undefined || (first.startsWith('-') && first !== '--help' && first !== '-h') ? 'serve' : first;
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : 'help';
}

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
 * Bundles cli.ts with one subcommand (the others' modules left out) into one CommonJS file, built
 * in a temporary folder and renamed into place at the end: processes starting at once (tests,
 * instances on one machine) each build, the first rename wins and the others use it; never a
 * half-written build. One file, not ES-module chunks, because Node 20 keeps a compile cache only
 * for scripts (see `load`).
 */
async function build(folder, bundle) {
  const { build: esbuild } = await import('esbuild');
  const { readFile } = await import('node:fs/promises');
  const tmp = join(folder, `.${bundle}.${process.pid}.tmp`);
  const only = bundle === 'help' ? null : join(ROOT, 'apps/server/src/cli', `${bundle}.ts`);
  const result = await esbuild({
    stdin: {
      contents: "export { run } from './apps/server/src/cli.ts';",
      resolveDir: ROOT,
      sourcefile: 'rostra.ts',
      loader: 'ts',
    },
    outfile: join(tmp, `${bundle}.cjs`),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    // import() of an external package becomes require(): a script compiled from V8's code cache
    // loses Node's dynamic-import callback (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
    supported: { 'dynamic-import': false },
    sourcemap: 'linked',
    // Less to read and parse at every start; names stay, for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: !!process.env.ROSTRA_BUILD_META,
    // import.meta.url of a bundled npm package: the bundle's own (sources get theirs, below).
    define: { 'import.meta.url': '__rostraUrl' },
    banner: { js: 'const __rostraUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: 'error',
    plugins: [
      {
        name: 'rostra',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            EXTERNAL.some((e) => args.path === e || args.path.startsWith(`${e}/`))
              ? { external: true }
              : undefined,
          );
          // The other subcommands' modules are not in this bundle.
          b.onResolve({ filter: /^\.\/cli\/\w+\.ts$/ }, (args) => {
            const path = join(args.resolveDir, args.path);
            return args.importer.endsWith('cli.ts') && path !== only
              ? { path, namespace: 'absent' }
              : undefined;
          });
          b.onLoad({ filter: /.*/, namespace: 'absent' }, () => ({ contents: '', loader: 'js' }));
          // PGlite's CommonJS build: its ES-module build awaits at its top level, which a
          // CommonJS bundle cannot hold.
          b.onResolve({ filter: /^@electric-sql\/pglite(\/|$)/ }, (args) => ({
            path: createRequire(join(args.resolveDir, 'x.js')).resolve(args.path),
          }));
          b.onLoad({ filter: LOCATED }, async (args) => ({
            contents: (await readFile(args.path, 'utf8'))
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
              .replaceAll('__dirname', JSON.stringify(dirname(args.path)))
              .replaceAll('__filename', JSON.stringify(args.path))
              // Emscripten's `var require = createRequire(…)` would hide the `require` that
              // `import('node:module')` just became; the bundle's own loads the same built-ins.
              .replaceAll('var require=', 'var __emscriptenRequire='),
            loader: 'js',
          }));
          // Three small changes to bundled packages, each a text replaced (a text not found, in
          // another version, leaves the file as it is: only slower):
          // - pg asks at its load whether it runs in a Cloudflare Worker by making a `Response`,
          //   which on Node 20 (no `navigator`) loads Node's whole fetch implementation, ~0.05 s of
          //   every start, for an answer that on Node is always no;
          // - @fastify/compress does the same at the first answer (`payload instanceof
          //   Response`): now asked only of an object that could be one;
          // - Fastify's router compiled a function with `new Function` for every static part of a
          //   path (eval'd code, never in V8's code cache; ~200 routes): `startsWith` is the same
          //   test (the first character is matched before it is called).
          const patches = [
            [/[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/, "typeof Response === 'function'", 'false'],
            [
              /[\\/]node_modules[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/,
              'return obj instanceof Response',
              "return typeof obj?.arrayBuffer === 'function' && obj instanceof Response",
            ],
            [
              /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/]node\.js$/,
              /return new Function\('path', 'i', `[^`]*`\)/,
              'return (path, i) => path.startsWith(prefix, i)',
            ],
          ];
          for (const [filter, text, by] of patches)
            b.onLoad({ filter }, async (args) => ({
              contents: (await readFile(args.path, 'utf8')).replace(text, by),
              loader: 'js',
            }));
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
  if (result.metafile) writeFileSync(process.env.ROSTRA_BUILD_META, JSON.stringify(result.metafile));
  // The map first, then the bundle: the bundle's presence says the build is complete.
  for (const name of [`${bundle}.cjs.map`, `${bundle}.cjs`]) {
    try {
      renameSync(join(tmp, name), join(folder, name));
    } catch {}
  }
  rmSync(tmp, { recursive: true, force: true });
  // Older builds go, all but the last two before this one (a process just started may use one).
  const builds = readdirSync(CACHE)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const old of builds.slice(3)) rmSync(join(CACHE, old), { recursive: true, force: true });
}

/**
 * Runs a bundle as a script with V8's code cache: Node 20 caches no compiled code between runs
 * (`module.enableCompileCache` is Node 22), so a start spent ~0.5 s parsing and compiling the
 * server's JavaScript. The cache is written once, after the command has done its work (so it holds
 * the functions a start compiled), beside the bundle and named by the bundle's size and time and
 * by Node's version and flags; V8 rejects one that does not fit and a new one replaces it. Written to a
 * temporary file and renamed, so processes starting at once never read half a cache.
 */
function load(file) {
  const { size, mtimeMs } = statSync(file);
  // V8 refuses a cache made under other flags: one per Node, architecture and set of flags.
  const flags = createHash('sha1')
    .update(JSON.stringify([process.execArgv, process.env.NODE_OPTIONS ?? '']))
    .digest('hex')
    .slice(0, 12);
  // One cache per database kind: it holds the functions a start compiled, and PGlite's JavaScript
  // (its driver, the Emscripten glue) in a PostgreSQL start's cache, or pg's in an embedded one's,
  // is only more to read and deserialise at every start.
  const kind = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const cacheFile = `${file}.${size}-${Math.floor(mtimeMs)}-${process.version}-${process.arch}-${flags}-${kind}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    { filename: file, cachedData },
  );
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  const saveCache =
    cachedData && !script.cachedDataRejected
      ? () => {}
      : () => {
          const tmp = `${cacheFile}.${process.pid}.tmp`;
          try {
            writeFileSync(tmp, script.createCachedData());
            renameSync(tmp, cacheFile);
          } catch {
            rmSync(tmp, { force: true });
          }
        };
  return { run: module.exports.run, saveCache };
}

// PGlite's WebAssembly (9 MB) starts in V8's baseline compiler and moves its hot functions to the
// optimising one once they have run for a while. At the default threshold a start of `rostra
// serve` on PGlite spent ~1.2 s of CPU optimising functions it ran only while opening the
// database; ten times the threshold leaves those in the baseline code, while what a running
// server keeps calling is still optimised. Set before anything is compiled: V8's code cache (see
// `load`) is only accepted under the flags it was made with.
v8.setFlagsFromString('--wasm-tiering-budget=20000000');

const bundle = bundleFor(process.argv);
const folder = join(CACHE, String(newestSource()));
const file = join(folder, `${bundle}.cjs`);
if (!existsSync(file)) {
  // Only to a person at a terminal: scripts read stdout and stderr of `rostra allocate` by the
  // contract (shared/contracts/allocation.md), and a pull must not change what they see.
  if (process.stderr.isTTY && process.env.ROSTRA_BUILD_QUIET !== '1')
    process.stderr.write(`rostra: building the server into ${relative(process.cwd(), folder)} …\n`);
  mkdirSync(folder, { recursive: true });
  await build(folder, bundle);
}
const { run, saveCache } = load(file);
// Keeps the event loop alive while the command runs. Whenever it has nothing left to wait on
// (no socket, file or timer: an embedded database between two steps of a start, awaiting its
// WebAssembly), Node waits for every task in V8's background threads to finish before going on,
// and those include optimising PGlite's WebAssembly: `rostra serve` on PGlite stood still
// 0.1-0.3 s at a time while V8 optimised code it did not need yet. A command ends as before,
// once it has returned and its own handles are closed.
const alive = setInterval(() => {}, 1 << 30);
try {
  await run(process.argv);
} finally {
  clearInterval(alive);
}
saveCache();
