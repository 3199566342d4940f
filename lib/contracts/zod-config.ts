// zod compiles faster parsers with `new Function` when it may, and probes for that on first use. Our
// CSP forbids eval in the browser, so the probe shows up as a policy violation; the interpreted
// parsers are fast enough for forms and API bodies. Every shared schema imports this module first.
import { config } from "zod";

config({ jitless: true });
