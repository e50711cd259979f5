/**
 * Import rules checked by `npm run check:imports` (issue 23): no import circle anywhere, and the
 * web's layers import in one direction only (web/README.md "Where a file goes"):
 *
 *   main → App → pages | shell → areas/registry → areas/<area> → list | form | import → common → store → api
 *
 * A rule fails the check on its first violation; `depcruise --output-type err-long` says why.
 */
const WEB = '^web/src/';
const BELOW_AREAS = `${WEB}(common|list|form|import|store|api)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the files in it can only be understood, loaded and tested together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-no-upward-import',
      severity: 'error',
      comment:
        'common/, list/, form/, import/, store/ and api/ sit below the screens: they never import an area, the shell or a page ' +
        '(a type they share with a screen goes down into api/ or common/).',
      from: { path: BELOW_AREAS },
      to: { path: `${WEB}(areas|shell|pages|screens)/|${WEB}(App|main)\\.tsx$` },
    },
    {
      name: 'web-areas-below-shell',
      severity: 'error',
      comment: 'An area is below the shell and the pages: what a screen needs from them comes through common/ (e.g. common/menuAccess).',
      from: { path: `${WEB}areas/` },
      to: { path: `${WEB}(shell|pages)/|${WEB}(App|main)\\.tsx$` },
    },
    {
      name: 'web-area-imports-only-itself',
      severity: 'error',
      comment:
        "An area imports its own files and the layers below, and of another area at most its api.ts (that service's typed calls " +
        'and their labels); a screen lives in the area that registers it, a piece two areas share goes down into common/, list/ or form/. ' +
        'Only areas/registry.ts lists every area.',
      from: { path: `${WEB}areas/([^/]+)/` },
      to: { path: `${WEB}areas/`, pathNot: [`${WEB}areas/$1/`, `${WEB}areas/[^/]+/api\\.ts$`, `${WEB}areas/types\\.ts$`] },
    },
    {
      name: 'web-only-registry-lists-areas',
      severity: 'error',
      comment:
        'The route table and the pages read the screens from areas/registry.ts, never from an area folder. (The shell may also ' +
        "run an area's hook that works on every screen, as it does the orders area's reminders.)",
      from: { path: `${WEB}(pages/|App\\.tsx$|main\\.tsx$)` },
      to: { path: `${WEB}areas/[^/]+/` },
    },
    {
      name: 'web-no-screens-folder',
      severity: 'error',
      comment: 'Every screen lives in web/src/areas/<area>/ (the old web/src/screens/ folder is gone).',
      from: {},
      to: { path: `${WEB}screens/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '^proto/gen/', '(^|/)coverage/'] },
    // Type-only imports count too: a type import is still a dependency of the file's meaning.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
