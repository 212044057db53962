// On a fresh machine with only Node and git, the browser tests run on the Chromium shipped inside
// the @sparticuz/chromium devDependency: no apt step, no download. A system Chromium is preferred
// when there is one; BRAINKEEP_TEST_CHROMIUM=npm forces the npm-shipped one (CI runs that way).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chooseChromium, launchBrowser } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('browser tests on a fresh machine', function () {
  this.timeout(120_000);

  it('uses the npm-shipped Chromium when no system Chromium is installed', async () => {
    const choice = await chooseChromium({}, path.join('/nonexistent', 'chromium'));
    assert.equal(choice.source, 'npm');
    assert.match(choice.executablePath, /brainkeep-chromium-[\d.]+-\d+\/chromium$/);
    assert.ok(choice.args.includes('--disable-background-networking'), 'the off-network flags are kept');
  });

  it('prefers a system Chromium when one is present, unless the npm one is forced', async () => {
    const present = process.execPath; // any existing file stands for an installed binary; nothing is launched
    assert.deepEqual((await chooseChromium({ CHROMIUM_PATH: present })).source, 'system');
    assert.deepEqual((await chooseChromium({}, present)).source, 'system');
    assert.deepEqual((await chooseChromium({ BRAINKEEP_TEST_CHROMIUM: 'npm', CHROMIUM_PATH: present }, present)).source, 'npm');
    await assert.rejects(chooseChromium({ CHROMIUM_PATH: '/nonexistent/chromium' }), /missing at \/nonexistent\/chromium/);
    await assert.rejects(chooseChromium({ BRAINKEEP_TEST_CHROMIUM: 'apt' }), /must be npm or system/);
  });

  it('launches what this run asks for: the npm-shipped Chromium when forced (as in CI) or when no system one exists', async () => {
    const choice = await chooseChromium();
    const forced = process.env.BRAINKEEP_TEST_CHROMIUM === 'npm';
    const system = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    if (forced || (process.env.BRAINKEEP_TEST_CHROMIUM !== 'system' && !fs.existsSync(system))) assert.equal(choice.source, 'npm');
    else assert.equal(choice.source, 'system');
  });

  describe('the forced npm-shipped Chromium', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer();
    });
    after(async () => {
      await s?.stop();
    });

    it('launches headless and runs the sign-in page of a real server', async () => {
      const browser = await launchBrowser({ BRAINKEEP_TEST_CHROMIUM: 'npm' });
      try {
        const page = await browser.newPage();
        const res = await page.goto(`${s.url}/login`);
        assert.equal(res?.status(), 200);
        assert.ok(await page.getByLabel('Email').isVisible());
        assert.equal(await page.evaluate(() => 6 * 7), 42);
      } finally {
        await browser.close();
      }
    });
  });
});
