/**
 * Import rules, checked by `npm run check:deps` (part of `npm run validate`).
 *
 * The web (apps/web/app) is layered as Bulletproof React describes it: shared code (`lib/`, `components/`) → features
 * (`features/<name>/`) → what composes them (`routes/`, `layout/`, `root.tsx`). Imports only go that way, and a
 * feature does not import another feature: what two features need lives in `lib/` or `components/`, and a page that
 * shows two features together is composed in its route. The packages have a direction too: contract ← db ← api, and
 * contract ← web; the web never reads the database. No cycles anywhere.
 *
 * The API's modules (apps/api/src/modules/<name>/) have boundaries: a module's repository (`*.repository.ts`, its
 * Drizzle queries) is imported by that module only; other modules, the plugins and everything else call the module's
 * service, `(ctx, input)`, as Vendure's services call each other. SQL fragments that several modules' statements
 * embed live in apps/api/src/lib/sql/. apps/api/test/module-boundaries.test.ts runs these rules on a fixture to show
 * that they fail on a cross-module repository import.
 *
 * Parsing: the TypeScript 7 compiler has no JavaScript API, so dependency-cruiser reads TypeScript through Babel's
 * TypeScript preset (.dependency-cruiser.babel.json) and resolves the web's `~/` alias through
 * .dependency-cruiser.resolve.cjs. Babel drops `import type`, so these rules see the imports that exist at run time.
 */

// Fails loudly instead of reading TypeScript files as empty when Babel's preset is not installed.
require.resolve('@babel/preset-typescript');

const WEB = '^apps/web/app/';
const API_MODULES = '^apps/api/src/modules/';
const API_REPOSITORY = `${API_MODULES}[^/]+/.*\\.repository\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes the modules in it one unit: none can be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-shared-imports-no-features',
      comment: 'lib/ and components/ are shared by the features: they cannot depend on one, or on what composes them.',
      severity: 'error',
      from: { path: `${WEB}(lib|components)/` },
      to: { path: [`${WEB}(features|layout|routes)/`, `${WEB}root\\.tsx$`] },
    },
    {
      name: 'web-features-import-no-routes',
      comment: 'Routes, the layout and root.tsx compose features; a feature does not know where it is shown.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: [`${WEB}(layout|routes)/`, `${WEB}root\\.tsx$`] },
    },
    {
      name: 'web-features-import-no-other-features',
      comment:
        'A feature does not import another feature: move what both need to lib/ or components/, or compose the two ' +
        'in the route.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-layout-imports-no-routes',
      comment: 'The page shell is shown by every route; it does not import one.',
      severity: 'error',
      from: { path: `${WEB}layout/` },
      to: { path: [`${WEB}routes/`, `${WEB}root\\.tsx$`] },
    },
    {
      name: 'web-does-not-read-the-database',
      comment: 'The browser talks to the web, the web to the API (ADR 001); only the API opens the database.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: ['^packages/db/', '^apps/api/'] },
    },
    {
      name: 'api-repository-imported-by-its-module-only',
      comment:
        "A module's repository is its own: another module calls the module's service (ctx, input), so a module's " +
        'queries change in one place and its rules are kept by every caller (CODE_STYLE.md "Where code lives"). ' +
        'SQL helpers several modules share live in apps/api/src/lib/sql/.',
      severity: 'error',
      from: { path: `${API_MODULES}([^/]+)/` },
      to: { path: API_REPOSITORY, pathNot: `${API_MODULES}$1/` },
    },
    {
      name: 'api-repository-not-imported-outside-modules',
      comment:
        "Outside the modules (plugins, app.ts, lib/, bench/, scripts) the API's data is reached through a " +
        "module's service too. The API tests in apps/api/test may import a repository: they stand outside the API " +
        "like another process does (the catalogue import's NOTIFY, search.repository.ts notifyProductChanges).",
      severity: 'error',
      from: { pathNot: [API_MODULES, '^apps/api/test/'] },
      to: { path: API_REPOSITORY },
    },
    {
      name: 'api-does-not-import-the-web',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'packages-do-not-import-apps',
      comment: 'The contract is shared by both apps and db by the API: neither may depend on an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contract-imports-no-database',
      comment: 'The web imports the contract; through it, it would reach the database code.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/db/' },
    },
    {
      name: 'production-code-imports-no-tests',
      comment: 'Test files and test support are not shipped; code that needs them belongs in a test.',
      severity: 'error',
      from: { pathNot: ['\\.test\\.tsx?$', '/test/', '^e2e/', '/bench/'] },
      to: { path: ['\\.test\\.tsx?$', '^apps/api/test/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/node_modules/', '/build/', '/\\.react-router/', '/\\.data/'] },
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
