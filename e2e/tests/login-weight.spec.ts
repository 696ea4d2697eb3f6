import { loginPageJs } from '../weight/loginWeight';
import { ALLOWED_GROWTH_KB, LOGIN_PAGE_JS_KB } from '../weight/budget';
import { expect, SAME_ON_EVERY_NODE, test } from './fixtures';

test(
  'the login page sends no more JavaScript than its committed figure allows',
  SAME_ON_EVERY_NODE,
  async ({ page, server }) => {
    const { files, total } = await loginPageJs(page, server.url);
    const sentKB = total / 1024;
    const listing = files.map((file) => `${(file.bytes / 1024).toFixed(1).padStart(7)} kB  ${file.path}`).join('\n');
    test.info().annotations.push({ type: 'login page JS', description: `${sentKB.toFixed(1)} kB\n${listing}` });
    expect(
      sentKB,
      `The login page sends ${sentKB.toFixed(1)} kB of JS, over ${LOGIN_PAGE_JS_KB} kB + ${ALLOWED_GROWTH_KB} kB ` +
        `(e2e/weight/budget.ts). Its files:\n${listing}`,
    ).toBeLessThanOrEqual(LOGIN_PAGE_JS_KB + ALLOWED_GROWTH_KB);
    // The page that was weighed is the usable login form, not an error page.
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  },
);
