/**
 * Import rules checked by `npm run check:imports`: no import circle anywhere, and the
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
    {
      name: 'kit-layers-downward',
      severity: 'error',
      comment:
        "The kit's layers import downwards only: core ← observability ← server | data | messaging ← service ← testing " +
        '(services/kit/README.md). A lower layer never loads a higher one, so a component loads only what it uses.',
      from: { path: '^services/kit/src/(core|observability|server|data|messaging)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^services/kit/src/',
        pathNot: ['^services/kit/src/$1/', '^services/kit/src/core/', '^services/kit/src/observability/'],
      },
    },
    {
      name: 'kit-core-imports-no-layer',
      severity: 'error',
      comment: "The kit's core (errors, identity, config, paging, access, …) imports no other layer: the web bundles part of it.",
      from: { path: '^services/kit/src/core/', pathNot: '\\.test\\.ts$' },
      to: { path: '^services/kit/src/', pathNot: '^services/kit/src/core/' },
    },
    {
      name: 'gateway-no-data-or-messaging',
      severity: 'error',
      comment:
        'The gateway speaks HTTP and gRPC: it loads neither the database layer (TypeORM, pg) nor the bus (kafkajs) nor the service runner.',
      from: { path: '^gateway/src/' },
      to: { path: '^services/kit/src/(data|messaging)/|^services/kit/src/service\\.ts$' },
    },
    {
      name: 'no-test-harness-in-production',
      severity: 'error',
      comment: 'The test harness (@cskh/kit/testing) is for tests and scripts, never loaded by a running component.',
      from: { path: '^(services/[^/]+/src|gateway/src)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^services/kit/src/testing\\.ts$' },
    },
    {
      name: 'declared-packages',
      severity: 'error',
      comment:
        'Each workspace names the packages it imports in its own package.json (its code: dependencies; its tests: devDependencies). A package found only because another workspace hoisted it breaks when that one drops it, and the image installs each workspace by its own list.',
      from: { path: '^(gateway|services/[^/]+|proto)/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-dev-packages-in-production',
      severity: 'error',
      comment: 'A running component loads only production dependencies: the image installs no devDependencies.',
      from: { path: '^(gateway|services/[^/]+)/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^proto/gen/', '(^|/)coverage/'] },
    // Type-only imports count too: a type import is still a dependency of the file's meaning.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      // The workspaces' package.json "exports" (the kit's layers are subpaths).
      exportsFields: ['exports'],
      conditionNames: ['require', 'import', 'node', 'default'],
    },
  },
};
