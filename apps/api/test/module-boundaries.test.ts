import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

/**
 * The API's module boundaries (.dependency-cruiser.cjs, `npm run check:deps`): a module's repository is imported by
 * its own module only, everything else calls the module's service. `check:deps` passing on the repository shows only
 * that nothing breaks the rules today; this runs the same rules on a fixture that breaks them on purpose
 * (fixtures/module-boundaries/, laid out like the repository), so a rule that stopped matching would be noticed.
 */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE_ROOT = fileURLToPath(new URL('./fixtures/module-boundaries/', import.meta.url));

async function cruiseFixture() {
  const options = await extractDepcruiseOptions(path.join(REPOSITORY_ROOT, '.dependency-cruiser.cjs'));
  const babelConfig = await extractBabelConfig(path.join(REPOSITORY_ROOT, '.dependency-cruiser.babel.json'));
  // The glob check:deps gives for apps/ (package.json), read from the fixture as the root.
  const { output } = await cruise(
    ['apps/**/*.{ts,tsx,mjs}'],
    { ...options, baseDir: FIXTURE_ROOT },
    {},
    { babelConfig },
  );
  return output as ICruiseResult;
}

describe('module boundaries (check:deps)', () => {
  it('refuses a repository imported by another module or by code outside the modules, and nothing else', async () => {
    const result = await cruiseFixture();
    // The fixture's six files and their imports were all read (through Babel, as check:deps reads them).
    expect(result.summary.totalCruised).toBe(6);
    const violations = result.summary.violations.map((violation) => ({
      rule: violation.rule.name,
      from: violation.from,
      to: violation.to,
    }));
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          rule: 'api-repository-imported-by-its-module-only',
          from: 'apps/api/src/modules/payment/payment.service.ts',
          to: 'apps/api/src/modules/order/order.repository.ts',
        },
        {
          rule: 'api-repository-not-imported-outside-modules',
          from: 'apps/api/src/plugins/auth.ts',
          to: 'apps/api/src/modules/order/order.repository.ts',
        },
      ]),
    );
    // The allowed imports (the module's own service, another module's service, the API tests) pass.
    expect(violations).toHaveLength(2);
  });
});
