/**
 * Module resolution for dependency-cruiser (.dependency-cruiser.cjs), in the webpack format it reads: the web's `~/`
 * alias (apps/web/tsconfig.json `paths`) and the extensions our imports leave out or spell. dependency-cruiser would
 * read the alias from tsconfig.json itself, but only through the TypeScript compiler's JavaScript API, which the
 * native TypeScript 7 compiler used here does not have.
 */
const path = require('node:path');

module.exports = {
  resolve: {
    alias: { '~': path.join(__dirname, 'apps', 'web', 'app') },
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
  },
};
