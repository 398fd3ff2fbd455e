/**
 * Chromium's command line for the browser tests and the benchmarks (Playwright and Lighthouse).
 *
 * Debian's Chromium 156 starts a renderer for its omnibox popup (a WebUI page, preloaded at
 * launch) that costs about 1.8 s of CPU in its first seconds: on a 2-core machine that is the
 * page under test's CPU, during the page's start. A diner's browser is already running when they
 * open a page, so the tests and benchmarks turn the popup's WebUI off.
 *
 * Chromium keeps only the last `--disable-features`, so the list must include what the launcher
 * already disables: Playwright's (not exported: copied from playwright-core 1.65's
 * chromiumSwitches, less those for Windows and Edge) or chrome-launcher's (`Launcher.defaultFlags()`).
 */
/** The Chromium the browser tests and benchmarks drive: Debian's, or `CHROMIUM_PATH`. A browser is never downloaded. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const STARTUP_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

const DISABLE_FEATURES = '--disable-features=';

/**
 * `flags` with one `--disable-features` that keeps every feature they disable and adds the start-up
 * WebUI's (for a launcher's defaults, which its own flags would otherwise replace).
 */
export function withoutStartupWebUi(flags: readonly string[]): string[] {
  const disabled = flags.filter((flag) => flag.startsWith(DISABLE_FEATURES)).flatMap((flag) => flag.slice(DISABLE_FEATURES.length).split(','));
  const features = [...new Set([...disabled, ...STARTUP_WEBUI_FEATURES])].filter(Boolean);
  return [...flags.filter((flag) => !flag.startsWith(DISABLE_FEATURES)), `${DISABLE_FEATURES}${features.join(',')}`];
}

/** The arguments every Playwright launch of ours passes (after Playwright's own). */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...withoutStartupWebUi([`${DISABLE_FEATURES}${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`]),
];
