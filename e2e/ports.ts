/** The app's port for this Playwright run, and the e2e-only fixtures server beside it (e2e/serve.ts). */
export const appPort = Number(process.env.E2E_PORT ?? 5190);
export const fixturesPort = appPort + 10_000;
