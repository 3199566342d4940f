// Stops what tests/e2e/global-setup.ts started (both run in Playwright's runner process).
export default async function globalTeardown(): Promise<void> {
  await globalThis.__taxatlasE2E?.close();
  globalThis.__taxatlasE2E = undefined;
}
