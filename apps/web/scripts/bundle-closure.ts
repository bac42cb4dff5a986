// What a route downloads, read from Vite's build manifest (dist/.vite/manifest.json): a chunk, the chunks
// it imports statically (the browser fetches them before running it) and their CSS. Dynamic imports are
// left out: they load later, on demand. Pure, so the budget check's arithmetic is tested on a fake manifest.

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Output files (JS and CSS, each once) that loading `keys` brings in, following static imports. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('the manifest has no entry chunk');
  return key;
}

export interface RouteSize {
  files: string[];
  bytes: number;
}

/** Sum of `sizeOf(file)` (the gzip size, in the check) over the closure of `keys`. */
export function routeSize(manifest: Manifest, keys: readonly string[], sizeOf: (file: string) => number): RouteSize {
  const files = staticClosure(manifest, keys);
  return { files, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0) };
}

/**
 * The heaviest of the ways a route can load: `keys` plus one of `alternatives` (one language catalogue
 * loads before the first screen, whichever the reader's language is), the shared chunks counted once.
 */
export function heaviestVariant(
  manifest: Manifest,
  keys: readonly string[],
  alternatives: readonly string[],
  sizeOf: (file: string) => number,
): RouteSize & { alternative: string | null } {
  const variants =
    alternatives.length === 0
      ? [{ alternative: null, ...routeSize(manifest, keys, sizeOf) }]
      : alternatives.map((alternative) => ({ alternative, ...routeSize(manifest, [...keys, alternative], sizeOf) }));
  return variants.reduce((a, b) => (b.bytes > a.bytes ? b : a));
}
