import type { Plugin } from 'vite';

/**
 * For each dynamic import, Vite lists every chunk the imported code needs, for the browser to ask
 * for them all at once. It lists those the importing chunk has imported statically too, which are
 * loaded by then: in the first bundle, every page's list named the framework, the runtime and the
 * core again (0.1 KB gzip). This leaves them out; what the HTML preloads is untouched.
 *
 * Each list also names the imported chunk itself. Vite's helper starts the import once the list's
 * stylesheets are in, and at once when there are none: then that entry only asks for the chunk a
 * moment before the import does, and is left out too (0.2 KB gzip). Where styles come with the
 * chunk it stays, so the chunk loads alongside them.
 */
export function skipLoadedPreloads(): Plugin {
  const staticImports = new Map<string, readonly string[]>();
  const styled = new Set<string>();
  const loadedWith = (host: string): Set<string> => {
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const imported of staticImports.get(file) ?? []) visit(imported);
    };
    visit(host);
    return loaded;
  };
  return {
    name: 'reloop:skip-loaded-preloads',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (file, deps, { hostId, hostType }) => {
            if (hostType !== 'js') return deps;
            const loaded = loadedWith(hostId);
            const withStyles = [file, ...deps].some((dep) => styled.has(dep));
            return deps.filter((dep) => !loaded.has(dep) && (withStyles || dep !== file));
          },
        },
      },
    }),
    // Before Vite writes the lists (its own generateBundle), which ask resolveDependencies.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        staticImports.clear();
        styled.clear();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          staticImports.set(chunk.fileName, chunk.imports);
          if (chunk.viteMetadata?.importedCss.size) styled.add(chunk.fileName);
        }
      },
    },
  };
}
