// Each Playwright worker talks to a server set of its own (fake SMTP, fake AI, main and kb servers),
// so workers run spec files side by side without sharing the fake AI's mode, the mailbox or the
// database. Global setup starts one set per worker and exports its addresses as E2E_<NAME>_<n>;
// in a worker, selectServerSet() copies set n = TEST_PARALLEL_INDEX onto the plain E2E_<NAME>
// variables every spec and fixture reads.
export const SET_VARIABLES = [
  "E2E_BASE_URL",
  "E2E_KB_URL",
  "E2E_MAIL_URL",
  "E2E_AI_ORIGIN",
  "E2E_AI_BASE_URL",
  "E2E_SMTP_URL",
] as const;

export function selectServerSet(env: NodeJS.ProcessEnv = process.env): void {
  const index = env.TEST_PARALLEL_INDEX;
  if (index === undefined) return;
  for (const name of SET_VARIABLES) {
    const value = env[`${name}_${index}`];
    if (value) env[name] = value;
  }
}
