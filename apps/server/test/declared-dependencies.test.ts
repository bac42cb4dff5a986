import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 19 §7: every package a workspace imports is declared in that workspace's package.json, so a
 * hoisting accident of npm (another workspace, or a dependency of a dependency, happening to install it)
 * never decides whether it is there. What runs in production — the server's sources and operating
 * scripts, the shared package — must find it among `dependencies`, which survive `npm ci --omit=dev` in
 * the container image; tests, benchmarks and tooling may also use the root's development tools.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.test-data', 'coverage']);
const SOURCE = /\.(c|m)?(t|j)sx?$/;

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const rootTools = Object.keys(manifest('.').devDependencies ?? {});

interface Workspace {
  dir: string;
  /** Files (relative to the workspace) that run in production, held to `dependencies`. */
  runtime: (file: string) => boolean;
}

const WORKSPACES: Workspace[] = [
  { dir: '.', runtime: () => false },
  { dir: 'packages/shared', runtime: (f) => f.startsWith('src/') && !f.includes('.test.') },
  {
    dir: 'apps/server',
    runtime: (f) => (f.startsWith('src/') || f.startsWith('scripts/')) && !f.includes('.test.'),
  },
  // Bundled by vite: what it imports is built in, never installed in production.
  { dir: 'apps/web', runtime: () => false },
  { dir: 'e2e', runtime: () => false },
];
const nested = new Set(WORKSPACES.map((w) => w.dir).filter((d) => d !== '.'));

function sourceFiles(dir: string, base = dir): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') || nested.has(rel)) return [];
      return sourceFiles(rel, base);
    }
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path.relative(base, rel)] : [];
  });
}

/** Statements at the start of a line, specifiers without spaces: not the words of a comment or a text. */
const SPEC = `['"]([@\\w./:-]+)['"]`;
const IMPORTS = [
  new RegExp(`^\\s*(?:import|export)\\s[^'"\`;]*?\\sfrom\\s*${SPEC}`, 'gm'),
  new RegExp(`^\\s*import\\s*${SPEC}`, 'gm'),
  new RegExp(`\\bimport\\(\\s*${SPEC}\\s*\\)`, 'g'),
  new RegExp(`\\brequire\\(\\s*${SPEC}\\s*\\)`, 'g'),
  new RegExp(`\\bcreateRequire\\([^)]*\\)\\(\\s*${SPEC}\\s*\\)`, 'g'),
];
const builtins = new Set(builtinModules);

/** Erased when compiled: the package is needed to typecheck, never to run. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s/;

/** The packages a file names: bare specifiers, without node's own modules or vite's virtual ones. */
function importedPackages(text: string, { withTypeOnly = true } = {}): string[] {
  const names = new Set<string>();
  for (const pattern of IMPORTS) {
    for (const match of text.matchAll(pattern)) {
      if (!withTypeOnly && TYPE_ONLY.test(match[0])) continue;
      const spec = match[1]!.split('?')[0]!;
      if (['.', '/', 'node:', 'virtual:'].some((prefix) => spec.startsWith(prefix))) continue;
      const parts = spec.split('/');
      const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
      if (!builtins.has(name)) names.add(name);
    }
  }
  return [...names];
}

describe('declared dependencies', () => {
  it('reads the imports it checks (the scanner finds what it must)', () => {
    const server = readFileSync(path.join(root, 'apps/server/src/modules/delivery-notes/labels.pdf.ts'), 'utf8');
    expect(importedPackages(server)).toEqual(expect.arrayContaining(['@pdfme/pdf-lib', 'fontkit']));
  });

  it('finds every imported package in its workspace package.json', () => {
    const missing: string[] = [];
    for (const { dir, runtime } of WORKSPACES) {
      const own = manifest(dir);
      const runtimeDeps = new Set([...Object.keys(own.dependencies ?? {}), ...Object.keys(own.peerDependencies ?? {})]);
      const anyDeps = new Set([...runtimeDeps, ...Object.keys(own.devDependencies ?? {}), ...rootTools]);
      for (const file of sourceFiles(dir)) {
        const text = readFileSync(path.join(root, dir, file), 'utf8');
        for (const name of importedPackages(text)) {
          if (!anyDeps.has(name)) missing.push(`${path.join(dir, file)} imports ${name}`);
        }
        if (!runtime(file)) continue;
        for (const name of importedPackages(text, { withTypeOnly: false })) {
          if (anyDeps.has(name) && !runtimeDeps.has(name)) {
            missing.push(`${path.join(dir, file)} runs with ${name}, which only devDependencies declare`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
